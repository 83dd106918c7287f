import { letterAvatarClass, type DogAvatar as Avatar } from '../../server/shared/dog-avatar';

/** A dog's avatar, the same markup as views/partials/dog-avatar.ejs: the picture, else the initial. Decorative. */
export function DogAvatar({ avatar, className }: { avatar: Avatar; className?: string }) {
  const extra = className ? ` ${className}` : '';
  return avatar.imageUrl ? (
    <img className={`avatar avatar--photo${extra}`} src={avatar.imageUrl} alt="" width={40} height={40} loading="lazy" data-avatar="picture" />
  ) : (
    <span className={`${letterAvatarClass(avatar)}${extra}`} aria-hidden="true" data-avatar="letter">
      {avatar.initial}
    </span>
  );
}
