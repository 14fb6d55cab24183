import { useEffect, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { hrefOf, resolveTo, type To } from './location';
import { isActivePath } from './match-route';
import { useLocation, useNavigate, useRouter } from './hooks';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
}

/**
 * A plain `<a href>` whose ordinary left-clicks navigate inside the app. Clicks with a modifier
 * key, other buttons and `target` other than _self keep the browser's behaviour (new tab...).
 * Cheap on purpose: the board renders about a hundred, and none of them subscribes to the URL.
 */
export function Link({ to, replace, state, onClick, ...anchor }: LinkProps) {
  const router = useRouter();
  const href = hrefOf(resolveTo(to, router.getLocation()));
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !isPlainLeftClick(event) || (anchor.target && anchor.target !== '_self')) return;
    event.preventDefault();
    const current = router.getLocation();
    // A link to where the user already is does not add a history entry (React Router's rule).
    const isSamePlace = hrefOf(current) === href;
    void router.navigate(to, { replace: replace ?? isSamePlace, state });
  };
  // The content comes in with the props (children).
  // eslint-disable-next-line jsx-a11y/anchor-has-content
  return <a {...anchor} href={href} onClick={handleClick} />;
}

export interface NavLinkProps extends LinkProps {
  /** Current only on exactly this path, not on paths below it. */
  end?: boolean;
  className?: string;
}

/** A Link that marks the current page with aria-current="page" (and React Router's "active" class). */
export function NavLink({ end, className, ...link }: NavLinkProps) {
  const location = useLocation();
  const isActive = isActivePath(resolveTo(link.to, location).pathname, location.pathname, end);
  return (
    <Link
      {...link}
      aria-current={isActive ? 'page' : undefined}
      className={isActive ? [className, 'active'].filter(Boolean).join(' ') : className}
    />
  );
}

/** Navigates once mounted (after render, as React Router's does). */
export function Navigate({ to, replace, state }: { to: To; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to, { replace, state });
    // Once per mount, like React Router's <Navigate>.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}
