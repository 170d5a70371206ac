import {
  IconAdjustments,
  IconBan,
  IconCalendarStats,
  IconCash,
  IconCertificate,
  IconChartBar,
  IconFileReport,
  IconLayoutDashboard,
  IconLock,
  IconMapPin,
  IconRefresh,
  IconSettings,
  IconTicket,
  IconUsers,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import type { MenuIcon } from '../menus';

type IconProps = { size?: number | string; stroke?: number };

export const menuIcons: Record<MenuIcon, ComponentType<IconProps>> = {
  dashboard: IconLayoutDashboard,
  settings: IconSettings,
  events: IconTicket,
  holders: IconUsers,
  payments: IconCash,
  sync: IconRefresh,
  reports: IconChartBar,
  admin: IconAdjustments,
  tracking: IconMapPin,
  removal: IconBan,
  paid: IconFileReport,
  validation: IconCertificate,
  block: IconLock,
  calendar: IconCalendarStats,
};
