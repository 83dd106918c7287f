export function shuffledFiles(patterns: string[], seed: string): string[];
export function shuffleTests(suite: Mocha.Suite): void;
