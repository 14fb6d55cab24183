// Every route path of the app, defined once (docs/product.md#route-table).
import { LINK_ORDERS_PAGE } from '#domain/customers/link-orders-api';

/** The weekly board; on its own so the inline boot script can name it without the whole table. */
export const BOARD_PATH = '/';

export const paths = {
  board: BOARD_PATH,
  collect: '/collect',
  holding: '/holdingPage',
  runs: '/runs',
  runView: (id: string) => `/runs/view/${encodeURIComponent(id)}`,
  runViewPattern: '/runs/view/:id',
  search: '/search',
  deleted: '/deleted',
  settings: '/settings',
  team: '/team',
  customers: '/customers',
  /** The linking assistant for orders without a customer (docs/decisions/066). */
  linkOrders: LINK_ORDERS_PAGE,
  /** One customer on the Customers screen: the book searched for its name, that customer marked. */
  customerInBook: (id: string, name: string) => `/customers?${new URLSearchParams({ q: name, customer: id }).toString()}`,
  poolStatement: '/pool-statement',
  /** The customers' open disputes of their balance (docs/decisions/078). */
  disputes: '/disputes',
  /** The nursery's vehicles and delivery rounds (docs/decisions/076). */
  fleet: '/fleet',
  plantLabels: '/plant-labels',
  invite: (token: string) => `/invite/${encodeURIComponent(token)}`,
  invitePattern: '/invite/:token',
  /** The driver's page of a driver's link: `/d/ABCD-2345` or the QR's `/d/<secret>` (docs/decisions/044). */
  driverPattern: '/d/:code',
  /** A customer's balance page of its balance link: `/b/<secret>` (docs/decisions/078). */
  balancePattern: '/b/:secret',
  changePassword: '/change-password',
  noNursery: '/no-nursery',
  createOrder: '/createCustomer',
  editOrder: (id: string) => `/edit/${encodeURIComponent(id)}`,
  editOrderPattern: '/edit/:id',
  pickSheet: (year: number, week: number, day: string, dayNumber: number) => `/weekday/${year}/${week}/${day}/${dayNumber}`,
  pickSheetPattern: '/weekday/:year/:week/:day/:number',
  trolleyMapper: '/trolley-mapper',
  acceptTerms: '/accept-terms',
  terms: '/terms',
  privacy: '/privacy',
  forgotPassword: '/forgot-password',
  confirmPasswordReset: (token: string) => `/auth/confirm-password-reset/${token}`,
  confirmPasswordResetPattern: '/auth/confirm-password-reset/:token',
  /** Target of the `/_/` hash redirect: `/reset-password?token=...`. */
  resetPassword: '/reset-password',
  confirmVerification: (token: string) => `/auth/confirm-verification/${token}`,
  confirmVerificationPattern: '/auth/confirm-verification/:token',
  resendVerification: '/resend-verification',
  /** The link mailed to the address a yard account adds (docs/decisions/056). */
  confirmEmailChange: (token: string) => `/auth/confirm-email-change/${token}`,
  confirmEmailChangePattern: '/auth/confirm-email-change/:token',
  adminRedirect: '/_/',
  login: '/login',
} as const;
