import { EMPTY_MODULE, type SchemaModule } from '../graphql/module.js';

export const accountSettingsSchema: SchemaModule = EMPTY_MODULE;
