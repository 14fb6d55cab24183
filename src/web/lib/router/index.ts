// The app's small router (decision 015): React Router's API as far as the app uses it.
export { createHistoryRouter, type Blocker, type NavigateOptions, type Router } from './history-router';
export { useBlocker, useLocation, useNavigate, useParams, useSearchParams } from './hooks';
export { Link, Navigate, NavLink } from './links';
export { lazyScreen, type LazyScreen } from './lazy-screen';
export { ANY_PATH } from './match-route';
export { RouterProvider, RouteView } from './route-view';
export type { Guard, Route } from './route-table';
export type { AppLocation, Path } from './location';
