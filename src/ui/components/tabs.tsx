import {
  Tab as AriaTab,
  TabList as AriaTabList,
  TabPanel as AriaTabPanel,
  Tabs as AriaTabs,
  type TabListProps,
  type TabPanelProps,
  type TabProps,
  type TabsProps,
} from 'react-aria-components';

/** Tabs with arrow-key navigation between them (react-aria), styled as the app's tab row. */
export function Tabs(props: Omit<TabsProps, 'className'>) {
  return <AriaTabs {...props} className="rac-tabs" />;
}

export function TabList<T extends object>(props: Omit<TabListProps<T>, 'className'>) {
  return <AriaTabList {...props} className="rac-tablist" />;
}

export function Tab(props: Omit<TabProps, 'className'>) {
  return <AriaTab {...props} className="rac-tab" />;
}

export function TabPanel(props: Omit<TabPanelProps, 'className'>) {
  return <AriaTabPanel {...props} className="rac-tabpanel" />;
}
