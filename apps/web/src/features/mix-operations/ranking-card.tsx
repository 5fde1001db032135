/**
 * R-MIX-15..R-MIX-17: one raw material's substitutes at a plant, best first: drag a row to its
 * new place, or Alt+↑/↓ on a focused row (as on the load board's yard); add a substitute measured
 * in the same unit, or remove one (never the raw material itself). Each change is saved at once.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ActionIcon, Badge, Group, Paper, Select, Stack, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  draggable,
  dropTargetForElements,
} from '@atlaskit/pragmatic-drag-and-drop/adapter/element-adapter';
import type { MixChoices } from '@dispatch/domain/mixes/mix-lists';
import {
  movedItem,
  type RankedRawMaterial,
  type RawMaterialRanking,
} from '@dispatch/domain/mixes/raw-material-ranking';
import { moveByAltArrow } from '../../lib/alt-arrow-reorder';
import { rawMaterialOption, unitText, whenText } from './mix-format';
import classes from './raw-material-ranking.module.css';

type DragData = { type: 'rankedRawMaterial'; rankingOf: number; index: number };

function isRankDrag(data: Record<string | symbol, unknown>): data is DragData {
  return data.type === 'rankedRawMaterial';
}

type ItemProps = {
  material: RankedRawMaterial;
  rankingOf: number;
  index: number;
  count: number;
  isSelf: boolean;
  canWrite: boolean;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
};

function RankedItem({
  material,
  rankingOf,
  index,
  count,
  isSelf,
  canWrite,
  onMove,
  onRemove,
}: ItemProps) {
  const { t } = useTranslation();
  const element = useRef<HTMLDivElement>(null);
  const [dragging, setDragging] = useState(false);
  const [over, setOver] = useState(false);

  useEffect(() => {
    const target = element.current;
    if (!target || !canWrite) return undefined;
    const data: DragData = { type: 'rankedRawMaterial', rankingOf, index };
    const stopDrag = draggable({
      element: target,
      getInitialData: () => data,
      onDragStart: () => setDragging(true),
      onDrop: () => setDragging(false),
    });
    const stopDrop = dropTargetForElements({
      element: target,
      canDrop: ({ source }) =>
        isRankDrag(source.data) &&
        source.data.rankingOf === rankingOf &&
        source.data.index !== index,
      onDragEnter: () => setOver(true),
      onDragLeave: () => setOver(false),
      onDrop: ({ source }) => {
        setOver(false);
        if (isRankDrag(source.data)) onMove(source.data.index, index);
      },
    });
    return () => {
      stopDrag();
      stopDrop();
    };
  }, [rankingOf, index, canWrite, onMove]);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (canWrite) moveByAltArrow(event, index, count, onMove);
  };

  const className = [
    classes.item,
    index === 0 ? classes.first : '',
    dragging ? classes.dragging : '',
    over ? classes.over : '',
    canWrite ? '' : classes.readOnly,
  ].join(' ');
  return (
    <div
      ref={element}
      role="listitem"
      tabIndex={0}
      className={className}
      data-raw-material-id={material.rawMaterialId}
      aria-label={t('mixOperations.ranking.itemAria', {
        place: index + 1,
        name: material.description,
      })}
      onKeyDown={handleKeyDown}
    >
      <span className={classes.place}>
        {canWrite ? (
          <span className={classes.grip} aria-hidden>
            ⠿
          </span>
        ) : null}
        {index + 1}
      </span>
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={index === 0 ? 700 : 500} truncate>
          {material.description}
        </Text>
        <Group gap={4}>
          <Text size="xs" c="dimmed">
            {material.code}
          </Text>
          {isSelf ? (
            <Badge size="xs" variant="outline" color="gray" tt="none">
              {t('mixOperations.ranking.asDesigned')}
            </Badge>
          ) : null}
          {material.inactive ? (
            <Badge size="xs" variant="light" color="gray" tt="none">
              {t('mixOperations.inactive')}
            </Badge>
          ) : null}
        </Group>
      </div>
      {canWrite && !isSelf ? (
        <Tooltip label={t('mixOperations.ranking.remove')}>
          <ActionIcon
            variant="subtle"
            color="red"
            size="sm"
            onClick={onRemove}
            aria-label={t('mixOperations.ranking.removeOf', { name: material.description })}
          >
            ✕
          </ActionIcon>
        </Tooltip>
      ) : (
        <span />
      )}
    </div>
  );
}

type CardProps = {
  ranking: RawMaterialRanking;
  choices: MixChoices;
  canWrite: boolean;
  saving: boolean;
  onSave: (order: number[]) => void;
};

export function RankingCard({ ranking, choices, canWrite, saving, onSave }: CardProps) {
  const { t, i18n } = useTranslation();
  const own = ranking.rawMaterial;
  const order = ranking.substitutes.map((material) => material.rawMaterialId);
  const listed = new Set(order);
  const candidates = choices.rawMaterials
    .filter(
      (material) =>
        material.unitOfMeasureId === own.unitOfMeasureId &&
        !material.inactive &&
        !listed.has(material.id),
    )
    .map(rawMaterialOption);
  const moved = (from: number, to: number) => onSave(movedItem(order, from, to));
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={own.description}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Text fw={700} truncate>
              {own.description}
            </Text>
            <Text size="xs" c="dimmed">
              {own.code} · {unitText(own.unitOfMeasureId)} ·{' '}
              {t('mixOperations.ranking.usedBy', { count: ranking.usedByMixes })}
            </Text>
          </div>
          {ranking.version === null ? (
            <Badge size="sm" variant="light" color="gray" tt="none" style={{ flexShrink: 0 }}>
              {t('mixOperations.ranking.notRanked')}
            </Badge>
          ) : (
            <Badge size="sm" variant="light" tt="none" style={{ flexShrink: 0 }}>
              {t('mixOperations.version', { version: ranking.version })}
            </Badge>
          )}
        </Group>
        <Stack
          gap={4}
          role="list"
          aria-label={t('mixOperations.ranking.listOf', { name: own.description })}
        >
          {ranking.substitutes.map((material, index) => (
            <RankedItem
              key={material.rawMaterialId}
              material={material}
              rankingOf={own.rawMaterialId}
              index={index}
              count={ranking.substitutes.length}
              isSelf={material.rawMaterialId === own.rawMaterialId}
              canWrite={canWrite && !saving}
              onMove={moved}
              onRemove={() => onSave(order.filter((id) => id !== material.rawMaterialId))}
            />
          ))}
        </Stack>
        {canWrite ? (
          <Select
            aria-label={t('mixOperations.ranking.addTo', { name: own.description })}
            placeholder={t('mixOperations.ranking.add')}
            data={candidates}
            value={null}
            onChange={(value) => value !== null && onSave([...order, Number(value)])}
            searchable
            disabled={saving || candidates.length === 0}
            size="xs"
            comboboxProps={{ withinPortal: true }}
          />
        ) : null}
        {ranking.modifiedAt ? (
          <Text size="xs" c="dimmed">
            {t('mixOperations.modifiedBy', {
              who: ranking.modifiedBy,
              when: whenText(i18n.language, ranking.modifiedAt),
            })}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
