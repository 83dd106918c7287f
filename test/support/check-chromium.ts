// `npm test` runs this first, so a machine without Chromium stops at once with the command to install it.
import { findChromium, missingChromiumMessage } from './chromium.js';

if (!findChromium()) {
  console.error(missingChromiumMessage());
  process.exit(1);
}
