import { describeHostileValues } from './hostile-suite.js';

describeHostileValues(['vet', 'breeder']);
