// Owners of the simulated population's other dogs, so the site feels lived in.
const FIRST_NAMES = ['Alex', 'Jamie', 'Riley', 'Taylor', 'Morgan', 'Casey', 'Jordan', 'Avery', 'Quinn', 'Harper', 'Rowan', 'Sage', 'Emerson', 'Finley', 'Hayden', 'Kendall', 'Logan', 'Parker', 'Reese', 'Skyler'];
const LAST_NAMES = ['Garcia', 'Smith', 'Nguyen', 'Johnson', 'Patel', 'Kim', 'Brown', 'Lopez', 'Martin', 'Walker', 'Young', 'Hall', 'Allen', 'Wright', 'Scott', 'Green', 'Baker', 'Adams', 'Nelson', 'Hill'];

export function communityOwnerRows(start: number, count: number, passwordHash: string) {
  return Array.from({ length: count }, (_, i) => {
    const n = start + i;
    const name = `${FIRST_NAMES[n % FIRST_NAMES.length]} ${LAST_NAMES[Math.floor(n / FIRST_NAMES.length) % LAST_NAMES.length]}`;
    return { email: `owner${n + 1}@community.demo.test`, name, password_hash: passwordHash, is_breeder: n % 9 === 0 };
  });
}
