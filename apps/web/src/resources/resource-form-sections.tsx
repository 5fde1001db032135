/**
 * A resource record's fields, section by section (a tab each when there are several): each
 * section's fields, its child rows, and what the screen adds to it (a panel).
 */
import type { ComponentType } from 'react';
import { Paper, SimpleGrid, Stack, Tabs } from '@mantine/core';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ResourceDefinition } from '@dispatch/domain/resources/define';
import type { PermissionFlags } from '@dispatch/domain/permissions';
import { ChildRowsEditor } from './child-rows-editor';
import { FieldInput } from './field-input';
import type { ResourceRow } from './resource-api';
import { codeField } from './resource-form-values';
import { sectionLabel } from './resource-text';

/**
 * What a screen adds to the generic form, per section: a customer's jobs, an employee's masked
 * national identifier. Given the record as loaded (undefined while new) and the form.
 */
export type FormPanel = ComponentType<{
  record: ResourceRow | undefined;
  form: UseFormReturn<FieldValues>;
  readOnly: boolean;
}>;
export type FormPanels = Readonly<Record<string, FormPanel>>;

type SectionProps = {
  definition: ResourceDefinition;
  panels: FormPanels;
  form: UseFormReturn<FieldValues>;
  /** The record as loaded (undefined while new). */
  record: ResourceRow | undefined;
  flags: PermissionFlags;
  readOnly: boolean;
};

function ResourceFormSection({
  section,
  definition,
  panels,
  form,
  record,
  flags,
  readOnly,
}: SectionProps & { section: string }) {
  const fields = Object.entries(definition.fields).filter(
    ([, field]) => field.section === section && !(field.price && flags.hidePrice),
  );
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="sm">
        {fields.map(([name, field]) => (
          <div key={name} style={field.kind === 'multiline' ? { gridColumn: '1 / -1' } : undefined}>
            <FieldInput
              definition={definition}
              name={name}
              field={field}
              control={form.control}
              readOnly={readOnly || (field.price && flags.disablePrice)}
              currentLabel={record?.labels[name]}
            />
          </div>
        ))}
      </SimpleGrid>
      {Object.entries(definition.children)
        .filter(([, child]) => child.section === section && !child.panel)
        .map(([key, child]) => (
          <ChildRowsEditor
            key={key}
            definition={definition}
            collection={key}
            child={child}
            control={form.control}
            readOnly={readOnly}
            flags={flags}
          />
        ))}
      {panels[section] &&
        (() => {
          const Panel = panels[section];
          return <Panel record={record} form={form} readOnly={readOnly} />;
        })()}
    </Stack>
  );
}

export function ResourceFormSections(props: SectionProps & { isNew: boolean }) {
  const { t } = useTranslation();
  const { isNew, ...sectionProps } = props;
  const { definition, panels, form, readOnly } = sectionProps;
  const sections = definition.sections.filter(
    (section) =>
      section.key in panels ||
      Object.values(definition.fields).some((field) => field.section === section.key) ||
      Object.values(definition.children).some((child) => child.section === section.key),
  );
  return (
    <Paper withBorder p="md" radius="md">
      {definition.givenId && isNew && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mb="sm">
          <FieldInput
            definition={definition}
            name="id"
            field={codeField}
            control={form.control}
            readOnly={readOnly}
          />
        </SimpleGrid>
      )}
      {sections.length > 1 ? (
        <Tabs defaultValue={sections[0]!.key} keepMounted>
          <Tabs.List mb="md">
            {sections.map((section) => (
              <Tabs.Tab key={section.key} value={section.key}>
                {sectionLabel(t, definition, section.key, section.label)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {sections.map((section) => (
            <Tabs.Panel key={section.key} value={section.key}>
              <ResourceFormSection section={section.key} {...sectionProps} />
            </Tabs.Panel>
          ))}
        </Tabs>
      ) : (
        <ResourceFormSection section={sections[0]?.key ?? 'main'} {...sectionProps} />
      )}
    </Paper>
  );
}
