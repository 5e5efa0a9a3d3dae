/**
 * What a section of the portal shows in the menus: the icon sidebar, the section tabs and the phone
 * navbar all read these from the resources' and pages' definitions. `path` is under the prefix.
 */
import type { ComponentType } from 'react';
import type { Area } from '@partner-panel/data-provider';

export interface MenuPage {
  label: string;
  path: string;
  area: Area;
  /** Further paths (under the prefix) whose screens belong to this tab, such as a list's detail page. */
  also?: string[];
}

export interface MenuSection {
  /** The first segment of the section's paths (users also owns `user/…`). */
  key: 'dashboard' | 'coupons' | 'vpn' | 'billing' | 'integration' | 'users';
  label: string;
  icon: ComponentType<{ fontSize?: 'small' | 'medium' }>;
  area: Area;
  pages: MenuPage[];
  /** Shown in the phone navbar (000 §2 lists which). */
  phone: boolean;
}
