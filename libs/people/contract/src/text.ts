/** §5 Employee texts (server and web say the same thing). Zod-free: the sign-in page of the shell's first load reads them. */
export const PEOPLE_TEXT = {
  emailTaken: 'This e-mail is already taken',
  loginTaken: 'This login is already taken',
  passwordShort: 'Password must be longer than 6 symbols',
  passwordsMustMatch: 'Passwords must match',
  illegalSymbols: 'Illegal symbols',
  inn: 'Tax id must be 10 digits',
  phone: 'Invalid phone format',
  cannotDeleteAdmin: 'Administrator cannot be deleted',
  cannotDeleteSelf: 'You cannot delete yourself',
  cannotChangeOwnRole: 'You cannot change your own role',
  cannotBlockAdmin: 'Administrator cannot be blocked',
  cannotBlockSelf: 'You cannot block yourself',
  resetLinkInvalid: 'The link is invalid or expired',
  ambiguousLogin: 'This e-mail is used in several workspaces: sign in on your workspace page',
} as const;
