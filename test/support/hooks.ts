import { closeTestDatabase, resetDatabase, testDb } from './database.js';

export const mochaHooks = {
  async beforeAll(this: Mocha.Context) {
    this.timeout(120_000);
    // Catalogue detection must see the database exactly as the migrations left it.
    await resetDatabase(await testDb());
  },
  async afterAll() {
    await closeTestDatabase();
  },
};
