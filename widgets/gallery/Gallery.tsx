import { useEffect, useRef, useState } from 'react';
import { Swiper, SwiperSlide } from 'swiper/react';
import { A11y, Keyboard, Navigation, Pagination } from 'swiper/modules';
import type { Swiper as SwiperInstance } from 'swiper';
import { Picture } from './Picture';
import { Slide } from './Slide';
import { rotatedSlide, type GalleryProps } from './rules';

/** The gallery (issue 12 §4): a Swiper carousel of the photos and videos, and a grid that picks a slide. */
export function Gallery({ petNum, petName, canEdit, canWag, profilePublicId, slides: initialSlides, reload = () => window.location.reload() }: GalleryProps & { reload?: () => void }) {
  const [slides, setSlides] = useState(initialSlides);
  const [bust, setBust] = useState(0);
  const swiper = useRef<SwiperInstance | null>(null);
  const root = useRef<HTMLDivElement | null>(null);

  // autoHeight measures a slide once; a video's size arrives with its metadata, and the caption editor
  // or a wag error make a slide taller later, so the carousel measures again whenever a slide resizes
  // (else the bottom of the slide, its wag and delete buttons, is cut off).
  useEffect(() => {
    const element = root.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => swiper.current?.updateAutoHeight(0));
    element.querySelectorAll('.gallery-slide').forEach((slide) => observer.observe(slide));
    return () => observer.disconnect();
  }, [slides]);

  if (slides.length === 0) return <p className="gallery__empty">No photos of {petName} yet.</p>;

  const update = (publicId: string, change: (slide: (typeof slides)[number]) => (typeof slides)[number]) =>
    setSlides((current) => current.map((slide) => (slide.publicId === publicId ? change(slide) : slide)));

  return (
    <div className="gallery-widget" ref={root}>
      <Swiper
        className="gallery-carousel"
        modules={[Navigation, Pagination, Keyboard, A11y]}
        navigation
        pagination={{ clickable: true }}
        keyboard={{ enabled: true }}
        a11y={{ containerMessage: `${petName}’s gallery`, slideLabelMessage: '{{index}} of {{slidesLength}}' }}
        spaceBetween={16}
        autoHeight
        // the carousel may start in a hidden tab (the public profile): measure again when it shows
        observer
        observeParents
        onSwiper={(instance) => (swiper.current = instance)}
      >
        {slides.map((slide) => (
          <SwiperSlide key={slide.publicId}>
            <Slide
              slide={slide}
              petNum={petNum}
              petName={petName}
              canEdit={canEdit}
              canWag={canWag}
              isProfilePicture={slide.publicId === profilePublicId}
              onRotated={(rotation) => {
                setBust((n) => n + 1);
                update(slide.publicId, (s) => rotatedSlide(s, rotation, bust + 1));
              }}
              onCaption={(caption) => update(slide.publicId, (s) => ({ ...s, caption }))}
              reload={reload}
            />
          </SwiperSlide>
        ))}
      </Swiper>
      <ul className="gallery-grid" aria-label={`All of ${petName}’s photos and videos`}>
        {slides.map((slide, index) => (
          <li key={slide.publicId} className="gallery-grid__item">
            <button type="button" className="gallery-grid__pick" onClick={() => swiper.current?.slideTo(index)} aria-label={`Show ${slide.caption || `${slide.mediaType === 'video' ? 'video' : 'photo'} ${index + 1}`}`}>
              {slide.thumb ? (
                <Picture sources={slide.thumb} alt="" width={320} height={320} />
              ) : (
                // The video's first frame (its metadata and a frame are all the browser loads) under a play mark.
                <span className="gallery-grid__video">
                  <video src={slide.videoUrl ? `${slide.videoUrl}#t=0.1` : undefined} preload="metadata" muted playsInline tabIndex={-1} aria-hidden="true" />
                  <span className="gallery-grid__play" aria-hidden="true" />
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
