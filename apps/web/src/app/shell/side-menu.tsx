/** The side menu: the quick menu, then the catalogue's sections, with a filter for long menus. */
import { NavLink, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import type { MenuEntry } from '@dispatch/domain/menu/menu-entry';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { routePaths } from '../route-guard';
import { AuditTrailLink } from './audit-trail-link';
import { MenuEntryLink } from './menu-entry-link';
import type { AppMenu } from './use-menu';

export type SideMenuProps = {
  readonly menu: AppMenu;
  readonly onNavigate?: (() => void) | undefined;
};

function matches(entry: MenuEntry, label: string, filter: string): boolean {
  const needle = filter.trim().toLowerCase();
  return label.toLowerCase().includes(needle) || entry.longName.toLowerCase().includes(needle);
}

type SideMenuSectionProps = {
  readonly label: string;
  readonly entries: readonly MenuEntry[];
  readonly initiallyOpen: boolean;
  readonly onNavigate?: (() => void) | undefined;
  /** What the shell adds after the section's catalogue entries (the audit trail). */
  readonly extra?: ReactNode;
};

/** A catalogue section; it opens at once (no animation: office staff open many in a row). */
function SideMenuSection(props: SideMenuSectionProps) {
  const [opened, setOpened] = useState(props.initiallyOpen);
  const id = useId();
  return (
    <>
      <NavLink
        component="button"
        type="button"
        label={props.label}
        fw={600}
        aria-expanded={opened}
        aria-controls={id}
        onClick={() => setOpened((open) => !open)}
        rightSection={
          <Text span size="xs" c="dimmed" aria-hidden>
            {opened ? '▾' : '▸'}
          </Text>
        }
      />
      {opened ? (
        <div id={id} role="group" aria-label={props.label} style={{ paddingLeft: 12 }}>
          {props.entries.map((entry) => (
            <MenuEntryLink key={entry.id} entry={entry} onNavigate={props.onNavigate} />
          ))}
          {props.extra}
        </div>
      ) : null}
    </>
  );
}

export function SideMenu({ menu, onNavigate }: SideMenuProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const [filter, setFilter] = useState('');
  const filtering = filter.trim() !== '';
  const label = (entry: MenuEntry) => t(entry.translationId, { defaultValue: entry.name });
  const found = filtering
    ? menu.sections.flatMap((section) =>
        section.entries.filter((entry) => matches(entry, label(entry), filter)),
      )
    : [];

  return (
    <ScrollArea type="auto" style={{ flex: 1 }} offsetScrollbars>
      <Stack gap="xs" p="xs">
        <TextInput
          size="xs"
          type="search"
          aria-label={t('shell.menuFilter')}
          placeholder={t('shell.menuFilter')}
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
        />
        {filtering ? (
          <nav aria-label={t('shell.navigation')}>
            {found.length === 0 ? (
              <Text size="xs" c="dimmed" px="xs">
                {t('shell.noMenuMatches')}
              </Text>
            ) : (
              found.map((entry) => (
                <MenuEntryLink key={entry.id} entry={entry} onNavigate={onNavigate} />
              ))
            )}
          </nav>
        ) : (
          <>
            {menu.quick.length > 0 ? (
              <nav aria-label={t('shell.quickMenu')}>
                <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="xs" mb={4}>
                  {t('shell.quickMenu')}
                </Text>
                {menu.quick.map((entry) => (
                  <MenuEntryLink key={entry.id} entry={entry} onNavigate={onNavigate} />
                ))}
              </nav>
            ) : null}
            <nav aria-label={t('shell.navigation')}>
              {menu.sections.map((section) => (
                <SideMenuSection
                  key={section.group}
                  label={t(`menuGroups.${section.group}`)}
                  entries={section.entries}
                  initiallyOpen={
                    section.entries.some(
                      (entry) => entry.path !== null && entry.path === location.pathname,
                    ) ||
                    (section.group === 'administration' &&
                      location.pathname === routePaths.auditTrail)
                  }
                  onNavigate={onNavigate}
                  extra={
                    section.group === 'administration' ? (
                      <AuditTrailLink onNavigate={onNavigate} />
                    ) : undefined
                  }
                />
              ))}
            </nav>
          </>
        )}
      </Stack>
    </ScrollArea>
  );
}
