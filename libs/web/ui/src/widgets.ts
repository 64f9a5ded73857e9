/**
 * The kit's Radix UI widgets that only remotes use — tabs, action menu, popover, combobox, select menu — as their own shared
 * Module Federation singleton (`@intranet/web-ui/widgets`), so the shell's first load (DESIGN §10, 250 KB gzip)
 * does not carry them. Their styles: widgets.css (tokens from ui.css).
 */
import './widgets.css';
export { Tabs, type TabItem, type TabsProps } from './tabs.tsx';
export { Menu, type MenuItem, type MenuProps } from './menu.tsx';
export { Popover, PopoverParts, type PopoverProps } from './popover.tsx';
export { Combobox, type ComboboxOption, type ComboboxProps } from './combobox.tsx';
export { SelectMenu, type SelectMenuOption, type SelectMenuProps } from './select-menu.tsx';
export { UserPicker, type PickedUser, type UserOption, type UserPickerProps } from './user-picker.tsx';
