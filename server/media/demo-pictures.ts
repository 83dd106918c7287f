// Pictures for the demo dogs (issue 12 §7): a drawn dog tinted with its predicted coat colour,
// rendered with sharp and stored like an upload, so no photo files from elsewhere are needed.
// Only the demo accounts' dogs get one, so the first start stays quick.
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Db } from '../db/index.js';
import { DEMO_ACCOUNTS } from '../demo/accounts.js';
import { processUploadedImage } from './images.js';
import { insertMedia } from './queries.js';
import { newPublicId } from '../shared/media-rules.js';
import type { MediaStore } from './store.js';

export interface CoatTint {
  coat: string;
  /** Muzzle, chest and legs: tan points, or the coat itself. */
  points: string;
  nose: string;
  brindle: boolean;
}

const BACKGROUNDS = ['#ffe08a', '#cde9f7', '#d7f0d2', '#f6d2d2', '#e5d8f4', '#fde3c8', '#d2eeee', '#eeeeee', '#f3e6b3'];

/** The colours of a predicted coat ("Liver and tan", "Red/yellow with liver nose", "Black brindle"…). */
export function coatTint(predicted: string | null): CoatTint {
  const text = (predicted ?? '').toLowerCase();
  const pigment = text.includes('isabella') ? '#b59a84' : text.includes('blue') ? '#6f7a86' : text.includes('liver') ? '#6e4128' : '#2b2522';
  if (text.startsWith('red/yellow')) return { coat: '#d9a25a', points: '#e8c08a', nose: pigment, brindle: false };
  if (text.startsWith('fawn/sable')) return { coat: '#c08a52', points: '#dcb07c', nose: pigment, brindle: false };
  const brindle = text.includes('brindle');
  if (text.includes('tan')) return { coat: pigment, points: '#c98a4b', nose: pigment, brindle };
  if (!text) return { coat: '#c9a06a', points: '#e4c99f', nose: '#2b2522', brindle: false };
  return { coat: pigment, points: pigment, nose: '#1d1a19', brindle };
}

/** A sitting dog, facing us, on a pastel background. */
export function dogSvg(tint: CoatTint, backgroundIndex: number, size = 800): string {
  const background = BACKGROUNDS[Math.abs(backgroundIndex) % BACKGROUNDS.length];
  const stripes = tint.brindle
    ? `<g stroke="#1d1a19" stroke-width="10" opacity=".35">${Array.from({ length: 9 }, (_, i) => `<path d="M${260 + i * 32} 470 q20 120 0 230" fill="none"/>`).join('')}</g>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 800 800">
<rect width="800" height="800" fill="${background}"/>
<circle cx="640" cy="150" r="70" fill="#fff" opacity=".5"/>
<ellipse cx="400" cy="760" rx="260" ry="30" fill="#000" opacity=".08"/>
<path d="M560 640 q120 -40 110 -170" stroke="${tint.coat}" stroke-width="34" fill="none" stroke-linecap="round"/>
<ellipse cx="400" cy="590" rx="185" ry="170" fill="${tint.coat}"/>
${stripes}
<ellipse cx="400" cy="560" rx="80" ry="120" fill="${tint.points}"/>
<rect x="300" y="640" width="60" height="120" rx="28" fill="${tint.points}"/>
<rect x="440" y="640" width="60" height="120" rx="28" fill="${tint.points}"/>
<path d="M255 200 q-70 40 -40 200 q40 10 80 -60z" fill="${tint.coat}" opacity=".92"/>
<path d="M545 200 q70 40 40 200 q-40 10 -80 -60z" fill="${tint.coat}" opacity=".92"/>
<circle cx="400" cy="300" r="150" fill="${tint.coat}"/>
<ellipse cx="400" cy="375" rx="80" ry="62" fill="${tint.points}"/>
<circle cx="345" cy="280" r="17" fill="#1d1a19" stroke="#f5efe6" stroke-width="5"/><circle cx="455" cy="280" r="17" fill="#1d1a19" stroke="#f5efe6" stroke-width="5"/>
<circle cx="351" cy="274" r="5" fill="#fff"/><circle cx="461" cy="274" r="5" fill="#fff"/>
<ellipse cx="400" cy="345" rx="30" ry="21" fill="${tint.nose}"/>
<path d="M370 388 q30 26 60 0" stroke="#1d1a19" stroke-width="7" fill="none" stroke-linecap="round"/>
<path d="M388 398 q12 40 24 0z" fill="#e56b7a"/>
</svg>`;
}

/** A JPEG of the drawn dog, as a camera would hand it over. */
export async function demoDogJpeg(predictedCoat: string | null, backgroundIndex: number): Promise<Buffer> {
  return sharp(Buffer.from(dogSvg(coatTint(predictedCoat), backgroundIndex))).jpeg({ quality: 90 }).toBuffer();
}

/** The dogs of the demo accounts (owned or, for the vet, patients) that have no picture yet. */
async function demoDogsWithoutPicture(db: Db) {
  const emails = Object.values(DEMO_ACCOUNTS).map((account) => account.email);
  return db('pets')
    .leftJoin('genetic_stats', 'genetic_stats.pet_num', 'pets.pet_num')
    .whereNull('pets.deleted_at')
    .whereNull('pets.profile_image_public_id')
    .where((query) =>
      query
        .whereIn('pets.pet_num', db('pet_owners').join('users', 'users.id', 'pet_owners.user_id').whereIn('users.email', emails).select('pet_owners.pet_num'))
        .orWhereIn('pets.pet_num', db('practice_patients').join('practice_users', 'practice_users.practice_id', 'practice_patients.practice_id').join('users', 'users.id', 'practice_users.user_id').whereIn('users.email', emails).select('practice_patients.pet_num')),
    )
    .whereNotExists(db('media').whereRaw('media.pet_num = pets.pet_num').select(db.raw('1')))
    .orderBy('pets.pet_num')
    .select('pets.pet_num as petNum', 'pets.avatar_color_index as colorIndex', 'genetic_stats.predicted_coat_colour as coat');
}

/** Draws, stores and sets a profile picture for each demo dog without one; answers how many it made. */
export async function addDemoPictures(db: Db, store: MediaStore): Promise<number> {
  const dogs = await demoDogsWithoutPicture(db);
  const owner = await db('pet_owners').whereIn('pet_num', dogs.map((dog) => dog.petNum)).select('pet_num', 'user_id');
  const ownerOf = new Map(owner.map((row) => [row.pet_num, row.user_id]));
  for (const dog of dogs) {
    const image = await processUploadedImage(await demoDogJpeg(dog.coat, (dog.colorIndex ?? 1) - 1));
    const publicId = newPublicId('image', randomBytes(10).toString('hex'));
    await store.put(`${publicId}/master.jpg`, image.master, 'image/jpeg');
    await Promise.all(image.files.map((file) => store.put(`${publicId}/${file.name}`, file.body, file.contentType)));
    await insertMedia(
      db,
      { petNum: dog.petNum, uploadedByUserId: ownerOf.get(dog.petNum) ?? null, mediaType: 'image', publicId, resourceType: 'image', phash: image.phash, isGallery: true, contentType: 'image/jpeg', width: image.width, height: image.height, bytes: image.master.length, originalFileName: null },
      { asProfilePicture: true },
    );
  }
  return dogs.length;
}
