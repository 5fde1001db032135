import { describeResourceContract } from '../../test/resource-contract';

// R-RES-9: a third of the resource definitions; the three files run side by side.
describeResourceContract(2, 3);
