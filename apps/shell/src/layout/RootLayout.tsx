import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { hasExplicitLanguage, setLanguage } from '@intranet/web-i18n';
import { useSession, WidgetSlot } from '@intranet/web-session';
import { applyClientDesign, Button } from '@intranet/web-ui';
import { Menu as MenuGlyph, X } from 'lucide-react';
import { getVendor, useVendor, vendorTitle, vendorVariant } from '../env.ts';
import { visibleMenu, type MenuItem } from '../menu.ts';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { MenuIcon } from './menuIcons.tsx';
import { NotificationBell } from './NotificationBell.tsx';

/** The menu's links; `badges`: render each item's widget slot `menu:<id>` (a workspace is open). */
function MenuLinks({ items, onNavigate, testPrefix, badges }: { items: MenuItem[]; onNavigate?: () => void; testPrefix: string; badges: boolean }) {
  const { t } = useTranslation('shell');
  return (
    <ul className="shell-menu">
      {items.map((m) => {
        const label = t(`menu.${m.label}`);
        return (
          <li key={m.id}>
            <NavLink to={m.path} className="shell-menu__link" onClick={onNavigate} title={label} data-testid={`${testPrefix}-${m.id}`}>
              <span className="shell-menu__icon" aria-hidden="true">
                <MenuIcon id={m.id} />
              </span>
              <span className="shell-menu__label">{label}</span>
              {/* A remote's badge for this item (chat: the unread total), loaded lazily with that remote. */}
              {badges ? (
                <span className="shell-menu__badge">
                  <WidgetSlot name={`menu:${m.id}`} />
                </span>
              ) : null}
            </NavLink>
          </li>
        );
      })}
    </ul>
  );
}

/** Developer info overlay, toggled with Ctrl+Shift+D (§2). */
function DevInfo() {
  const { t, i18n } = useTranslation('shell');
  const s = useSession();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey && e.shiftKey && (e.key === 'D' || e.key === 'd')) {
        e.preventDefault();
        setOpen((o) => !o);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  if (!open) return null;
  const info = {
    user: s.user ? `${s.user.fullName} (${s.uid})` : s.uid,
    roles: s.user?.roles.join(', '),
    client: s.client ? `${s.client.name} (${s.client._id})` : null,
    workspace: s.workspace,
    language: i18n.language,
    vendor: getVendor(),
    viewport: `${window.innerWidth}×${window.innerHeight}`,
  };
  return (
    <aside className="shell-dev" data-testid="dev-info" aria-label={t('dev.title')}>
      <strong>{t('dev.title')}</strong>
      <dl>
        {Object.entries(info).map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v ?? '—'}</dd>
          </div>
        ))}
      </dl>
    </aside>
  );
}

/**
 * Root layout (§2): navbar (once user and client are loaded), header, routed page area with a transition, footer;
 * below the mobile breakpoint (769px) a mobile footer and a mobile main menu. Breakpoints phone 481, mobile 769,
 * tablet 1025, mac 1281 (shell.css).
 */
export function RootLayout() {
  const { t } = useTranslation('shell');
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [mobileMenu, setMobileMenu] = useState(false);
  const { user, client, isSuperadmin } = session;
  // §1 vendor variant: re-render with its title and system avatar once GET /api/env answers.
  const vendor = useVendor();

  // The interface follows the profile language unless the user picked one explicitly.
  useEffect(() => {
    if (user?.lang && !hasExplicitLanguage()) void setLanguage(user.lang);
  }, [user?.lang]);
  useEffect(() => setMobileMenu(false), [location.pathname]);
  // §3 client design (§2 design tab) for everyone in the workspace, through the kit's design tokens.
  useEffect(() => {
    applyClientDesign(client?.design);
    return () => applyClientDesign(null);
  }, [client?.design]);

  const items = useMemo(
    () =>
      visibleMenu({
        uid: session.uid,
        isAdmin: session.isAdmin,
        isSuperadmin,
        hasRight: session.hasRight,
        features: client?.features ?? [],
      }),
    [session.uid, session.isAdmin, isSuperadmin, session.hasRight, client?.features],
  );
  const mobileItems = items.filter((m) => m.mobile).slice(0, 4);
  // The header's height as --shell-header-h: pages that fill the window (a chat room) size themselves below it.
  const header = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const el = header.current;
    if (!el) return;
    const root = document.documentElement;
    const set = () => root.style.setProperty('--shell-header-h', `${Math.ceil(el.getBoundingClientRect().height)}px`);
    set();
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(set);
    ro?.observe(el);
    return () => {
      ro?.disconnect();
      root.style.removeProperty('--shell-header-h');
    };
  }, []);
  const showNav = !!user && (!!client || isSuperadmin);

  // Leave the guarded area first, so the sign-out is not mistaken for a visit to remember (§2).
  const logout = async () => {
    navigate('/login', { replace: true });
    await session.signOut();
  };

  return (
    <div className="shell" data-testid="root-layout">
      {showNav ? (
        <nav className="shell-nav" aria-label="main" data-testid="navbar">
          <div className="shell-nav__brand">
            <span className="shell-logo" aria-hidden="true">
              {client?.logo ? (
                <img src={client.logo} alt="" data-testid="client-logo" />
              ) : client ? (
                client.name.charAt(0).toUpperCase()
              ) : (
                <img src={vendorVariant(vendor).systemAvatar} alt="" data-testid="system-avatar" />
              )}
            </span>
            <span className="shell-nav__brand-name" title={client?.name ?? vendorTitle()}>
              {client?.name ?? vendorTitle()}
            </span>
          </div>
          <MenuLinks items={items} testPrefix="nav" badges={!!client} />
        </nav>
      ) : null}
      <div className="shell-main">
        <header ref={header} className={client?.design?.headImage ? 'shell-header shell-header--image' : 'shell-header'} data-testid="header">
          <div className="shell-header__title" data-testid="header-title">
            {client?.name ?? (isSuperadmin ? t('header.superadmin') : vendorTitle())}
          </div>
          <div className="shell-header__right">
            <LanguageSwitcher />
            {/* The user's menu pieces other remotes add (the calendar's .ics link), loaded lazily with their remote. */}
            {user && client ? (
              <span className="shell-header__slot" data-testid="user-menu-slot">
                <WidgetSlot name="userMenu" />
              </span>
            ) : null}
            {user ? <NotificationBell /> : null}
            {user ? (
              <span className="shell-header__user" data-testid="current-user">
                {user.fullName || `${user.firstName} ${user.lastName}`}
              </span>
            ) : null}
            <Button size="small" variant="secondary" onClick={logout} data-testid="logout">
              {t('header.logout')}
            </Button>
          </div>
        </header>
        <main className="shell-content">
          <div key={location.pathname} className="shell-page">
            <Outlet />
          </div>
        </main>
        {/* Remotes' root-layout widgets (analytics: the mood meter, session and module-visit reports, §2). */}
        {user && client ? <WidgetSlot name="layout" /> : null}
        <footer className="shell-footer" data-testid="footer">
          {t('footer.rights', { year: new Date().getFullYear(), vendor: vendorTitle() })}
        </footer>
      </div>
      {showNav ? (
        <nav className="shell-mobile-footer" aria-label="mobile" data-testid="mobile-footer">
          {mobileItems.map((m) => {
            const label = t(`menu.${m.label}`);
            return (
              <NavLink key={m.id} to={m.path} className="shell-mobile-footer__item" data-testid={`mobile-${m.id}`}>
                <span className="shell-menu__icon" aria-hidden="true">
                  <MenuIcon id={m.id} />
                </span>
                <span>{label}</span>
              </NavLink>
            );
          })}
          <button
            type="button"
            className="shell-mobile-footer__item"
            onClick={() => setMobileMenu(true)}
            aria-expanded={mobileMenu}
            data-testid="mobile-menu-open"
          >
            <span className="shell-menu__icon" aria-hidden="true">
              <MenuGlyph size={20} aria-hidden="true" />
            </span>
            <span>{t('menu.more')}</span>
          </button>
        </nav>
      ) : null}
      {mobileMenu ? (
        <div className="shell-mobile-menu" role="dialog" aria-modal="true" aria-label={t('menu.more')} data-testid="mobile-menu">
          <div className="shell-mobile-menu__head">
            <strong>{client?.name ?? vendorTitle()}</strong>
            <button type="button" className="ui-modal__close" onClick={() => setMobileMenu(false)} aria-label={t('header.closeMenu')}>
              <X size={20} aria-hidden="true" />
            </button>
          </div>
          <MenuLinks items={items} onNavigate={() => setMobileMenu(false)} testPrefix="mobile-menu" badges={!!client} />
        </div>
      ) : null}
      <DevInfo />
    </div>
  );
}
