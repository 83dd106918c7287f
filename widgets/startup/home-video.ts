/**
 * The home video dialog (spec 2 §2): `a[data-home-video="<dialog id>"]` opens that native <dialog> and plays
 * its video, instead of following the link to the video file (what happens without scripts). Closing it
 * (its Close button, Esc) pauses the video; the browser gives focus back to the link.
 */
export function installHomeVideo(doc: Document): void {
  for (const link of doc.querySelectorAll<HTMLAnchorElement>('a[data-home-video]')) {
    const dialog = doc.getElementById(link.dataset.homeVideo ?? '');
    if (!(dialog instanceof HTMLDialogElement)) continue;
    const video = dialog.querySelector('video');
    link.setAttribute('aria-haspopup', 'dialog');
    link.addEventListener('click', (event) => {
      event.preventDefault();
      dialog.showModal();
      // a browser that refuses to start playing leaves the controls to the visitor
      video?.play().catch(() => {});
    });
    dialog.addEventListener('close', () => video?.pause());
  }
}
