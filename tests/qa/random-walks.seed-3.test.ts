import { describeRandomWalks } from './random-walks';

describeRandomWalks(3);
