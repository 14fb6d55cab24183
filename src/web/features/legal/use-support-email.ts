import { useEffect, useState } from 'react';
import { loadAppConfig } from '../../lib/app-config';

/** The support address from the server's public config; null until it has loaded (or if it fails). */
export function useSupportEmail(): string | null {
  const [supportEmail, setSupportEmail] = useState<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    loadAppConfig().then(
      (config) => {
        if (isCurrent) setSupportEmail(config.supportEmail);
      },
      (err: unknown) => {
        // The page still reads fine without the address; keep the cause for whoever debugs.
        console.warn('Could not load the support address', err);
      },
    );
    return () => {
      isCurrent = false;
    };
  }, []);
  return supportEmail;
}
