// Records the home page's "How it works" video (the home video dialog, spec 2 §2) from the site's own
// step illustrations and texts: Chromium draws each step on a canvas and MediaRecorder writes WebM,
// so no video tool is needed. Run after changing the steps: `npx tsx scripts/make-home-video.ts`.
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import ejs from 'ejs';
import { launchChromium, newContext } from '../test/support/browser.js';

const OUT = new URL('../static/video/how-it-works.webm', import.meta.url);
const SECONDS_PER_STEP = 4;

// The same three steps as the home page's "How it works" (views/home.ejs).
const STEPS = [
  { art: 'swab', title: '1  Swab', text: 'Activate the kit online, rub the swab inside your dog’s cheek for 30 seconds and mail it back.' },
  { art: 'lab', title: '2  The lab reads the DNA', text: 'The lab genotypes the sample and compares it with reference breeds and every tested dog.' },
  { art: 'results', title: '3  Explore the results', text: 'Two to four weeks later: breed mix, health, traits and relatives are waiting in your account.' },
];

async function svgOf(name: string): Promise<string> {
  const template = await readFile(new URL(`../views/partials/illustrations/${name}.ejs`, import.meta.url), 'utf8');
  return ejs.render(template, {});
}

const steps = await Promise.all(STEPS.map(async (step) => ({ ...step, svg: await svgOf(step.art) })));
const browser = await launchChromium();
try {
  const page = await (await newContext(browser, { width: 640, height: 360 })).newPage();
  await page.setContent('<canvas width="640" height="360"></canvas>');
  const base64 = await page.evaluate(
    async ({ steps, seconds }) => {
      const canvas = document.querySelector('canvas')!;
      const context = canvas.getContext('2d')!;
      const images = await Promise.all(
        steps.map(
          (step) =>
            new Promise<HTMLImageElement>((resolve, reject) => {
              const image = new Image();
              image.onload = () => resolve(image);
              image.onerror = reject;
              image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(step.svg)}`;
            }),
        ),
      );
      const wrap = (text: string, width: number) => {
        const lines: string[] = [];
        let line = '';
        for (const word of text.split(' ')) {
          const next = line ? `${line} ${word}` : word;
          if (context.measureText(next).width > width && line) {
            lines.push(line);
            line = word;
          } else line = next;
        }
        return [...lines, line];
      };
      const draw = (index: number, fade: number) => {
        context.fillStyle = '#fff8e1';
        context.fillRect(0, 0, 640, 360);
        context.globalAlpha = fade;
        context.drawImage(images[index], 40, 80, 250, 200);
        context.fillStyle = '#1b2a3a';
        context.font = 'bold 26px sans-serif';
        context.fillText(steps[index].title, 310, 140);
        context.font = '19px sans-serif';
        wrap(steps[index].text, 300).forEach((line, i) => context.fillText(line, 310, 180 + i * 27));
        context.globalAlpha = 1;
      };
      const recorder = new MediaRecorder(canvas.captureStream(30), { mimeType: 'video/webm;codecs=vp8', videoBitsPerSecond: 200_000 });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (event) => chunks.push(event.data);
      const stopped = new Promise((resolve) => (recorder.onstop = resolve));
      draw(0, 1);
      recorder.start();
      const start = performance.now();
      await new Promise<void>((resolve) => {
        const frame = () => {
          const elapsed = (performance.now() - start) / 1000;
          if (elapsed >= steps.length * seconds) return resolve();
          const index = Math.floor(elapsed / seconds);
          draw(index, Math.min(1, (elapsed - index * seconds) / 0.5));
          requestAnimationFrame(frame);
        };
        frame();
      });
      recorder.stop();
      await stopped;
      const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    },
    { steps: steps.map(({ title, text, svg }) => ({ title, text, svg })), seconds: SECONDS_PER_STEP },
  );
  await mkdir(new URL('.', OUT), { recursive: true });
  await writeFile(OUT, Buffer.from(base64, 'base64'));
  console.log(`wrote ${OUT.pathname} (${Math.round(base64.length * 0.75 / 1024)} KB)`);
} finally {
  await browser.close();
}
