/** Public, non-secret settings the server tells the web app (GET /api/app-config). */
export interface AppConfig {
  supportEmail: string;
  appUrl: string;
  /** Whether the operator set APP_URL: a default one is a loopback address no phone can open. */
  appUrlConfigured: boolean;
  /** Who may sign up: anyone (`open`), or only people an admin invites (`invite`, docs/decisions/035). */
  signup: 'open' | 'invite';
}
