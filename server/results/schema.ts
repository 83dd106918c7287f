import { EMPTY_MODULE, type SchemaModule } from '../graphql/module.js';

export const resultsSchema: SchemaModule = EMPTY_MODULE;
