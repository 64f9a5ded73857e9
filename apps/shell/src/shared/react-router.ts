/**
 * The browser-side API of react-router, provided to the share scope as the `react-router` singleton (see
 * rsbuild.config.ts: `shared['react-router'].import`). MF never tree-shakes a shared package, and the full
 * react-router index also carries its server runtime, RSC and SSR helpers (~64 KB gzip); this facade keeps the
 * shell's first load within its 250 KB budget. Code everywhere keeps importing from 'react-router'.
 * If a remote needs an export that is missing here, add it (remotes use the shell's copy at run time).
 */
export {
  BrowserRouter,
  HashRouter,
  MemoryRouter,
  Router,
  Routes,
  Route,
  Navigate,
  Outlet,
  Link,
  NavLink,
  Await,
  createRoutesFromChildren,
  createRoutesFromElements,
  createSearchParams,
  createPath,
  parsePath,
  generatePath,
  matchPath,
  matchRoutes,
  resolvePath,
  renderMatches,
  useBeforeUnload,
  useHref,
  useInRouterContext,
  useLinkClickHandler,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutlet,
  useOutletContext,
  useParams,
  useResolvedPath,
  useRoutes,
  useSearchParams,
  NavigationType,
  UNSAFE_LocationContext,
  UNSAFE_NavigationContext,
  UNSAFE_RouteContext,
} from 'react-router-full';
