// Marker: views/media/gallery.ejs, <div data-widget="gallery" data-props="…GalleryProps…">.
export { Gallery as default } from './Gallery';
export { parseGalleryProps as parseProps } from './rules';
