import { EMPTY_MODULE, type SchemaModule } from '../graphql/module.js';

export const nutritionSchema: SchemaModule = EMPTY_MODULE;
