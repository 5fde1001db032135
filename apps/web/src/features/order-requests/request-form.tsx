/**
 * R-OREQ-3, R-OREQ-12: the external user's request form: job (theirs), material, product (search as
 * you type), quantity, date, time and notes. The domain's schema checks it before sending; the
 * server's field problems land on the fields they name.
 */
import { useState } from 'react';
import {
  Alert,
  Autocomplete,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  orderRequestCreateSchema,
  orderRequestLimits,
  type OrderRequestCreateInput,
} from '@dispatch/domain/orders/order-requests';
import { formatDate } from '@dispatch/domain/dates/date-format';
import { notInPast } from '@dispatch/domain/dates/not-in-past';
import { NumberField } from '../../components/number-field/number-field';
import { useRefusedNumbers } from '../../components/number-field/refused-numbers';
import {
  fieldProblemsOf,
  orderRequestKeys,
  requestableProductsQuery,
  submitOrderRequest,
  type RequesterAccount,
} from '../../data/order-requests/order-request-queries';

type FormValues = {
  jobId: number | null;
  systemTypeId: 1 | 2 | 3;
  productId: number | null;
  quantity: number | null;
  requestedDate: string;
  requestedTime: string;
  notes: string;
};

const fields = [
  'jobId',
  'productId',
  'quantity',
  'requestedDate',
  'requestedTime',
  'notes',
] as const;
type FieldName = (typeof fields)[number];

function blankValues(jobs: RequesterAccount['jobs']): FormValues {
  return {
    jobId: jobs.length === 1 ? jobs[0]!.id : null,
    systemTypeId: 1,
    productId: null,
    quantity: null,
    requestedDate: formatDate(new Date(Date.now() + 86_400_000), 'YYYY-MM-DD'),
    requestedTime: '07:00',
    notes: '',
  };
}

export function RequestForm({ account }: { account: RequesterAccount }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [productText, setProductText] = useState('');
  const [typed] = useDebouncedValue(productText.trim(), 250);
  const [formError, setFormError] = useState<string | null>(null);
  // onTouched: the date flags a day before today as soon as it is left (R-VALID-14).
  const form = useForm<FormValues>({ defaultValues: blankValues(account.jobs), mode: 'onTouched' });
  const refusedNumbers = useRefusedNumbers();
  const systemTypeId = useWatch({ control: form.control, name: 'systemTypeId' });
  const products = useQuery(requestableProductsQuery(systemTypeId, typed));
  const productChoices = products.data ?? [];
  const productLabel = (product: { number: string; description: string }) =>
    `${product.number} · ${product.description}`;

  const handleSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    // R-INPUT-1: a quantity holding text it refused is not sent; the field says why.
    if (refusedNumbers.focusFirst()) return;
    // The domain's schema (R-OREQ-3) checks the values as the server will, before sending.
    const parsed = orderRequestCreateSchema.safeParse(toBody(values));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const name = String(issue.path[0]) as FieldName;
        const empty = issue.input === null || issue.input === undefined || issue.input === '';
        form.setError(name, {
          type: 'schema',
          message: empty ? t('orderRequests.external.required') : issue.message,
        });
      }
      return;
    }
    try {
      const created = await submitOrderRequest(toBody(values));
      notifications.show({
        color: 'teal',
        title: t('orderRequests.external.submittedTitle', { id: created.id }),
        message: t('orderRequests.external.submittedText'),
      });
      form.reset({ ...blankValues(account.jobs), jobId: values.jobId, systemTypeId });
      setProductText('');
      await queryClient.invalidateQueries({ queryKey: orderRequestKeys.mine() });
    } catch (error) {
      const problems = fieldProblemsOf(error);
      const unplaced: string[] = [];
      for (const problem of problems) {
        if ((fields as readonly string[]).includes(problem.field)) {
          form.setError(problem.field as FieldName, { type: 'server', message: problem.reason });
        } else unplaced.push(`${problem.field}: ${problem.reason}`);
      }
      if (problems.length === 0)
        setFormError(error instanceof Error ? error.message : String(error));
      else if (unplaced.length > 0) setFormError(unplaced.join(' · '));
    }
  });

  const errorOf = (name: FieldName) => form.formState.errors[name]?.message;
  const materials = [1, 2, 3].map((id) => ({
    value: String(id),
    label: t(`orderRequests.systemTypes.${id}`),
  }));

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="new-request-title">
      <form onSubmit={(event) => void handleSubmit(event)} noValidate>
        <Stack gap="sm">
          <Title order={3} id="new-request-title">
            {t('orderRequests.external.newTitle')}
          </Title>
          {account.jobs.length === 0 ? (
            <Alert color="orange">{t('orderRequests.external.noJobs')}</Alert>
          ) : null}
          <Controller
            control={form.control}
            name="jobId"
            render={({ field }) => (
              <Select
                label={t('orderRequests.external.job')}
                placeholder={t('orderRequests.external.jobPlaceholder')}
                data={account.jobs.map((job) => ({
                  value: String(job.id),
                  label: job.address ? `${job.number} · ${job.address}` : job.number,
                }))}
                value={field.value === null ? null : String(field.value)}
                onChange={(value) => field.onChange(value === null ? null : Number(value))}
                error={errorOf('jobId')}
                searchable
                required
              />
            )}
          />
          <div>
            <Text size="sm" fw={500} mb={4}>
              {t('orderRequests.external.material')}
            </Text>
            <Controller
              control={form.control}
              name="systemTypeId"
              render={({ field }) => (
                <SegmentedControl
                  data={materials}
                  value={String(field.value)}
                  aria-label={t('orderRequests.external.material')}
                  onChange={(value) => {
                    field.onChange(Number(value));
                    form.setValue('productId', null);
                    setProductText('');
                  }}
                />
              )}
            />
          </div>
          <Autocomplete
            label={t('orderRequests.external.product')}
            placeholder={t('orderRequests.external.productPlaceholder')}
            value={productText}
            onChange={(value) => {
              setProductText(value);
              const picked = productChoices.find((product) => productLabel(product) === value);
              form.setValue('productId', picked ? picked.id : null);
              if (picked) form.clearErrors('productId');
            }}
            data={productChoices.map(productLabel)}
            filter={({ options }) => options}
            error={errorOf('productId')}
            required
          />
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <Controller
              control={form.control}
              name="quantity"
              render={({ field }) => (
                <NumberField
                  label={t('orderRequests.external.quantity')}
                  refusals={refusedNumbers}
                  value={field.value ?? ''}
                  onChange={(value) => field.onChange(typeof value === 'number' ? value : null)}
                  min={0}
                  max={orderRequestLimits.quantity}
                  decimalScale={3}
                  error={errorOf('quantity')}
                  required
                />
              )}
            />
            <TextInput
              label={t('orderRequests.external.date')}
              type="date"
              {...form.register('requestedDate', {
                // R-VALID-14: a delivery is asked for today or later.
                validate: (value) =>
                  notInPast(value, formatDate(new Date(), 'YYYY-MM-DD')) === null ||
                  t('orderRequests.external.dateNotInPast'),
              })}
              min={formatDate(new Date(), 'YYYY-MM-DD')}
              error={errorOf('requestedDate')}
              required
            />
            <TextInput
              label={t('orderRequests.external.time')}
              type="time"
              {...form.register('requestedTime')}
              error={errorOf('requestedTime')}
            />
          </SimpleGrid>
          <Textarea
            label={t('orderRequests.external.notes')}
            placeholder={t('orderRequests.external.notesPlaceholder')}
            rows={3}
            maxLength={orderRequestLimits.notes}
            {...form.register('notes')}
            error={errorOf('notes')}
          />
          {formError ? (
            <Alert color="red" title={t('orderRequests.external.failed')}>
              {formError}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={form.formState.isSubmitting}>
              {t('orderRequests.external.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function toBody(values: FormValues): OrderRequestCreateInput {
  return {
    jobId: values.jobId,
    systemTypeId: values.systemTypeId,
    productId: values.productId,
    quantity: values.quantity,
    requestedDate: values.requestedDate || null,
    requestedTime: values.requestedTime || null,
    notes: values.notes,
  };
}
