import { EMPTY_MODULE, type SchemaModule } from '../graphql/module.js';

export const feedbackSchema: SchemaModule = EMPTY_MODULE;
