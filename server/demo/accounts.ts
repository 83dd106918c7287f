// The demo accounts of DESIGN.md; all share one password.
export const DEMO_PASSWORD = 'demo1234';

export interface DemoAccount {
  email: string;
  name: string;
  isBreeder?: boolean;
  isVet?: boolean;
  isAdmin?: boolean;
  canImpersonateAsSubAdmin?: boolean;
  showMatchMaker?: boolean;
  breederName?: string;
}

export const DEMO_ACCOUNTS = {
  parent: { email: 'parent@demo.test', name: 'Pat Parent' },
  breeder: { email: 'breeder@demo.test', name: 'Bea Breeder', isBreeder: true, showMatchMaker: true, breederName: 'Sunny Meadow Kennels' },
  vet: { email: 'vet@demo.test', name: 'Dr. Val Vet', isVet: true },
  admin: { email: 'admin@demo.test', name: 'Ada Admin', isAdmin: true },
  subadmin: { email: 'subadmin@demo.test', name: 'Sam Support', canImpersonateAsSubAdmin: true },
  newbie: { email: 'newbie@demo.test', name: 'Nia Newbie' },
} satisfies Record<string, DemoAccount>;

export const DEMO_BOX_KEY = 'EM-DEMO-0001';

/** More of newbie's kits, to try the other products and messages of kit activation. */
export const DEMO_EXTRA_KITS = {
  ageTest: 'EM-DEMO-0002',
  microbiome: 'EM-DEMO-0003',
  vetOrdered: 'EM-DEMO-0004',
  voided: 'EM-DEMO-0005',
} as const;

/** An activated swab of the breeder's puppy, waiting for lab results. */
export const DEMO_AWAITING_SWAB = 'DEMOAWAIT0001';
