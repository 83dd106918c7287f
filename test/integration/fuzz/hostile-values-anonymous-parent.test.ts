import { describeHostileValues } from './hostile-suite.js';

describeHostileValues(['anonymous', 'pet parent']);
