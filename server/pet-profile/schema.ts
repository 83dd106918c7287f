import { EMPTY_MODULE, type SchemaModule } from '../graphql/module.js';

export const petProfileSchema: SchemaModule = EMPTY_MODULE;
