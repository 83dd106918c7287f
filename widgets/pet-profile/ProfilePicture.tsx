/**
 * The profile picture slot: the picture when there is one, else the dog's initial on its avatar
 * colour. The gallery issue adds choosing and uploading a picture here.
 */
export function ProfilePicture({ name, profileImageUrl, avatarColorIndex }: { name: string; profileImageUrl: string | null; avatarColorIndex: number }) {
  return (
    <div className="pet-picture" data-profile-picture>
      {profileImageUrl ? (
        <img className="pet-picture__image" src={profileImageUrl} alt={`${name}’s profile picture`} />
      ) : (
        <span className={`pet-picture__avatar avatar avatar--${avatarColorIndex}`} role="img" aria-label={`${name}’s avatar`}>
          {name.trim().charAt(0).toUpperCase() || '?'}
        </span>
      )}
    </div>
  );
}
