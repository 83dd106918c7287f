import { MEDIA_DELETE_FAILED, MEDIA_SET_PROFILE_PICTURE_FAILED, MEDIA_UNSET_PROFILE_PICTURE_FAILED } from '../../server/shared/messages';
import { getWithToken, reportFailure } from './api';
import { Caption } from './Caption';
import { Picture } from './Picture';
import { Wag } from './Wag';
import { deleteUrl, profilePictureUrl, rotateUrl, type GallerySlide } from './rules';

interface SlideProps {
  slide: GallerySlide;
  petNum: number;
  petName: string;
  canEdit: boolean;
  canWag: boolean;
  isProfilePicture: boolean;
  onRotated: (rotation: number) => void;
  onCaption: (caption: string | null) => void;
  /** spec 1 §4: the page reloads after a delete and after a profile picture change. */
  reload: () => void;
}

export function Slide({ slide, petNum, petName, canEdit, canWag, isProfilePicture, onRotated, onCaption, reload }: SlideProps) {
  const alt = slide.caption || `${slide.mediaType === 'image' ? 'Photo' : 'Video'} of ${petName}`;

  async function run<T>(url: string, failure: string, after: (answer: T) => void) {
    try {
      after(await getWithToken<T>(url));
    } catch (error) {
      reportFailure(error, () => window.alert(failure));
    }
  }

  return (
    <figure className="gallery-slide" data-public-id={slide.publicId}>
      <div className="gallery-slide__media">
        {slide.carousel ? (
          <Picture sources={slide.carousel} alt={alt} width={slide.width} height={slide.height} lazy={false} />
        ) : (
          <video src={slide.videoUrl ?? undefined} controls preload="metadata" aria-label={alt} />
        )}
      </div>
      <figcaption className="gallery-slide__info">
        <Caption caption={slide.caption} canEdit={canEdit} petNum={petNum} publicId={slide.publicId} mediaType={slide.mediaType} onSaved={onCaption} />
        <Wag mediaType={slide.mediaType} publicId={slide.publicId} initial={{ liked: slide.likedByUser, count: slide.likes }} canWag={canWag} />
        {isProfilePicture && <p className="badge badge--plain">Profile picture</p>}
        {canEdit && (
          <div className="gallery-slide__actions">
            {slide.mediaType === 'image' && (
              <button type="button" className="button button--small button--outline" onClick={() => run(rotateUrl(petNum, slide.publicId), 'Failed to rotate the picture', (answer: { rotation: number }) => onRotated(answer.rotation))}>
                Rotate
              </button>
            )}
            {slide.mediaType === 'image' &&
              (isProfilePicture ? (
                <button type="button" className="button button--small button--outline" onClick={() => run(profilePictureUrl(petNum, 'DELETE', slide.publicId), MEDIA_UNSET_PROFILE_PICTURE_FAILED, reload)}>
                  Unset profile picture
                </button>
              ) : (
                <button type="button" className="button button--small button--outline" onClick={() => run(profilePictureUrl(petNum, 'EDIT', slide.publicId), MEDIA_SET_PROFILE_PICTURE_FAILED, reload)}>
                  Set as profile picture
                </button>
              ))}
            <button
              type="button"
              className="button button--small button--ghost"
              onClick={() => {
                if (window.confirm(`Delete this ${slide.mediaType === 'image' ? 'photo' : 'video'}?`)) void run(deleteUrl(petNum, slide.mediaType, slide.publicId), MEDIA_DELETE_FAILED, reload);
              }}
            >
              Delete
            </button>
          </div>
        )}
      </figcaption>
    </figure>
  );
}
