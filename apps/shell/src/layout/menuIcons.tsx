import {
  Bell,
  BookOpen,
  BookUser,
  BriefcaseBusiness,
  Building2,
  CalendarDays,
  ChartLine,
  Circle,
  ConciergeBell,
  GraduationCap,
  Handshake,
  Lightbulb,
  MessagesSquare,
  Network,
  Newspaper,
  Plane,
  Settings,
  ShieldAlert,
  ShoppingBag,
  SquareKanban,
  Target,
  UserCog,
  UserRound,
  UsersRound,
  Vote,
  type LucideIcon,
} from 'lucide-react';

/** The lucide icon of each §2 menu item (by `MenuItem.id`); imported one by one so the bundle keeps only these. */
export const MENU_ICONS: Record<string, LucideIcon> = {
  notifications: Bell,
  wall: Newspaper,
  addressBook: BookUser,
  profile: UserRound,
  groups: UsersRound,
  events: CalendarDays,
  knowledgeBase: BookOpen,
  vacancies: BriefcaseBusiness,
  services: ConciergeBell,
  polls: Vote,
  chats: MessagesSquare,
  structure: Network,
  noSilent: ShieldAlert,
  ideas: Lightbulb,
  employees: UserCog,
  clients: Building2,
  adminPanel: Settings,
  shop: ShoppingBag,
  taskTracker: SquareKanban,
  adaptation: Handshake,
  vacations: Plane,
  learning: GraduationCap,
  learningAnalytics: ChartLine,
  idp: Target,
};

/** The icon of a menu item (a neutral dot for an item without one). Decorative: the label names the item. */
export function MenuIcon({ id, size = 20 }: { id: string; size?: number }) {
  const Icon = MENU_ICONS[id] ?? Circle;
  return <Icon size={size} aria-hidden="true" focusable="false" className="ui-icon" />;
}
