import { EMPTY_MODULE, type SchemaModule } from '../graphql/module.js';

export const surveysSchema: SchemaModule = EMPTY_MODULE;
