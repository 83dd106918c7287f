// A dog's avatar wherever a dog is shown (issue 12 §7): its profile picture, else its initial on its
// avatar colour. One shape for the server's pages (views/partials/dog-avatar.ejs) and the widgets
// (widgets/shared/DogAvatar.tsx), so every place shows the same markup. Free of server modules.

export interface DogAvatar {
  /** The picture's address (the square thumbnail), or null: the initial shows instead. */
  imageUrl: string | null;
  initial: string;
  /** 1–9, the `avatar--N` colour; null for dogs whose colour the page does not know. */
  colorIndex: number | null;
}

/** The initial shown when a dog has no picture (or none the viewer may see). */
export function avatarInitial(name: string): string {
  return (Array.from(name.trim())[0] ?? '?').toUpperCase();
}

export function dogAvatar(name: string, imageUrl: string | null, colorIndex: number | null = null): DogAvatar {
  const colour = colorIndex !== null && Number.isInteger(colorIndex) && colorIndex >= 1 && colorIndex <= 9 ? colorIndex : null;
  return { imageUrl, initial: avatarInitial(name), colorIndex: colour };
}

/** The classes of the letter avatar: its colour, or the default one. */
export const letterAvatarClass = (avatar: DogAvatar) => `avatar${avatar.colorIndex ? ` avatar--${avatar.colorIndex}` : ''}`;
