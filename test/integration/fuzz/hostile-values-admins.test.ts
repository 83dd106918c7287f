import { describeHostileValues } from './hostile-suite.js';

describeHostileValues(['admin', 'read-only sub-admin impersonating']);
