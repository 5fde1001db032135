/**
 * A concrete product's mix designs, one per plant, on the product form's Mixes tab (R-MAINT-15):
 * each opens at its own URL (`<concrete path>/mix-123`) with its raw materials; New mix asks for
 * the plant and a description, creates the mix and opens it for the rest of the design.
 */
import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm, type FieldValues, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { concreteMixResource } from '@dispatch/domain/resources/concrete-mixes';
import { ApiError } from '../../lib/api-client';
import { FieldInput } from '../../resources/field-input';
import type { FormPanel } from '../../resources/resource-form-page';
import { fetchList, saveRecord, type ResourceRow } from '../../resources/resource-api';
import { resourceKeys } from '../../resources/resource-queries';
import { fieldLabel } from '../../resources/resource-text';
import { useResourceAccess } from '../../resources/use-resource-access';
import { useResourceLive } from '../../resources/use-resource-live';
import { mixPath } from './mix-paths';

const shownColumns = ['strength', 'slump', 'air', 'aggregateSize'] as const;

function shown(value: unknown): string {
  return typeof value === 'number'
    ? value.toLocaleString()
    : typeof value === 'string'
      ? value
      : '';
}

// What New mix asks for, checked as the mix's own fields are (the rest take their defaults).
const newMixSchema = z.object({
  plantId: concreteMixResource.fields.plantId!.schema,
  description: concreteMixResource.fields.description!.schema,
});

function NewMixModal({
  product,
  opened,
  onClose,
}: {
  product: ResourceRow;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const description = typeof product.description === 'string' ? product.description : '';
  const form = useForm<FieldValues>({
    defaultValues: { plantId: null, description },
    resolver: zodResolver(newMixSchema as never) as unknown as Resolver<FieldValues>,
  });
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const created = await saveRecord(concreteMixResource, undefined, {
        ...values,
        productId: product.id,
      });
      onClose();
      await navigate(mixPath(created.id));
    } catch (failure) {
      const problems =
        failure instanceof ApiError && Array.isArray((failure.body as { data?: unknown })?.data)
          ? (failure.body as { data: { field?: unknown; reason?: unknown }[] }).data
          : [];
      let shown = false;
      for (const problem of problems) {
        if (problem.field === 'plantId' || problem.field === 'description') {
          form.setError(problem.field, { type: 'server', message: String(problem.reason) });
          shown = true;
        }
      }
      if (!shown) setError(failure instanceof Error ? failure.message : String(failure));
    }
  });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('resources.concreteProducts.panels.newMixTitle', {
        defaultValue: 'New mix of {{product}}',
        product: description,
      })}
    >
      <form
        onSubmit={(event) => {
          // The modal renders in a portal, but React bubbles its submit to the product's form.
          event.stopPropagation();
          void submit(event);
        }}
        noValidate
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('resources.concreteProducts.panels.newMixText', {
              defaultValue: 'One mix per plant. Its design and raw materials come next.',
            })}
          </Text>
          {(['plantId', 'description'] as const).map((name) => (
            <FieldInput
              key={name}
              definition={concreteMixResource}
              name={name}
              field={concreteMixResource.fields[name]!}
              control={form.control}
              readOnly={false}
            />
          ))}
          {error !== null && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('resource.cancel', { defaultValue: 'Cancel' })}
            </Button>
            <Button type="submit" loading={form.formState.isSubmitting}>
              {t('resource.create', { defaultValue: 'Create' })}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export const ConcreteMixesPanel: FormPanel = ({ record }) => {
  const { t } = useTranslation();
  const access = useResourceAccess(concreteMixResource);
  const [creating, setCreating] = useState(false);
  const productId = record?.id;
  const mixes = useQuery({
    queryKey: [...resourceKeys.lists(concreteMixResource.name), 'product', productId],
    queryFn: ({ signal }) =>
      fetchList(
        concreteMixResource,
        {
          offset: 0,
          limit: 500,
          includeInactive: true,
          sort: 'description',
          filters: { productId: String(productId) },
        },
        signal,
      ),
    enabled: productId !== undefined,
  });
  useResourceLive(concreteMixResource.name, () => void mixes.refetch());

  if (!record) {
    return (
      <Text size="sm" c="dimmed">
        {t('resources.concreteProducts.panels.mixesAfterSave', {
          defaultValue: 'Mixes can be added once the product is saved.',
        })}
      </Text>
    );
  }
  const canCreate = !access.readOnly && !access.none;
  const label = (name: string) =>
    fieldLabel(t, concreteMixResource, name, concreteMixResource.fields[name]!);
  return (
    <Stack
      gap="xs"
      role="group"
      aria-label={t('resources.concreteMixes.plural', { defaultValue: 'Concrete mixes' })}
    >
      <Group justify="space-between">
        <Text fw={600}>
          {t('resources.concreteProducts.panels.mixesTitle', {
            defaultValue: 'Mix designs by plant',
          })}
          {mixes.data ? ` (${mixes.data.count})` : ''}
        </Text>
        {canCreate && (
          <Button size="xs" variant="light" onClick={() => setCreating(true)}>
            {t('resources.concreteProducts.panels.newMix', { defaultValue: 'New mix' })}
          </Button>
        )}
      </Group>
      {mixes.isPending && <Loader size="sm" />}
      {mixes.isError && (
        <Alert color="red" role="alert">
          {mixes.error.message}
        </Alert>
      )}
      {mixes.data?.count === 0 && (
        <Text size="sm" c="dimmed">
          {t('resources.concreteProducts.panels.noMixes', {
            defaultValue: 'No plant has a mix of this product yet.',
          })}
        </Text>
      )}
      {mixes.data && mixes.data.count > 0 && (
        <Table striped highlightOnHover withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{label('plantId')}</Table.Th>
              <Table.Th>{label('description')}</Table.Th>
              {shownColumns.map((name) => (
                <Table.Th key={name}>{label(name)}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {mixes.data.data.map((mix) => (
              <Table.Tr key={mix.id}>
                <Table.Td>{mix.labels.plantId ?? ''}</Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    <Anchor component={Link} to={mixPath(mix.id)}>
                      {String(mix.description)}
                    </Anchor>
                    {mix.inactiveFlag === true && (
                      <Badge color="gray" variant="light" size="sm">
                        {t('resource.inactiveBadge', { defaultValue: 'Inactive' })}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                {shownColumns.map((name) => (
                  <Table.Td key={name}>{shown(mix[name])}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {creating && (
        <NewMixModal product={record} opened={creating} onClose={() => setCreating(false)} />
      )}
    </Stack>
  );
};
