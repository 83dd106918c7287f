import { EMPTY_MODULE, type SchemaModule } from '../graphql/module.js';

export const careSchema: SchemaModule = EMPTY_MODULE;
