/**
 * Concrete Product Maintenance (R-MAINT-15, R-RES-SCREENS): the generic resource screen over the
 * concrete products, with each product's mix designs per plant on the Mixes tab, and each mix at
 * its own URL under the same screen (`/products/maintenance/concrete/mix-123`, see mix-paths).
 */
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { concreteMixResource } from '@dispatch/domain/resources/concrete-mixes';
import { concreteProductResource } from '@dispatch/domain/resources/products';
import { NotFoundPage } from '../../app/shell/not-found-page';
import { ResourceFormPage } from '../../resources/resource-form-page';
import { resourceQueries } from '../../resources/resource-queries';
import { ResourceScreen } from '../../resources/resource-screen';
import { ConcreteMixesPanel } from './concrete-mixes-panel';
import { concreteProductsPath, mixIdOf } from './mix-paths';

const panels = { mixes: ConcreteMixesPanel };

/** A mix's form; its way back leads to its product, whose Mixes tab lists it. */
function ConcreteMixPage({ mixId }: { mixId: number }) {
  // The form reads the same cached record: this only learns the product from it.
  const mix = useQuery(resourceQueries.record(concreteMixResource, mixId));
  const productId = mix.data?.productId;
  const back =
    typeof productId === 'number' ? `${concreteProductsPath}/${productId}` : concreteProductsPath;
  return <ResourceFormPage definition={concreteMixResource} screenPath={back} recordId={mixId} />;
}

export function ConcreteProductsScreen() {
  const { recordId } = useParams();
  const mixId = mixIdOf(recordId);
  if (mixId === null) return <NotFoundPage />;
  if (mixId !== undefined) return <ConcreteMixPage key={mixId} mixId={mixId} />;
  return (
    <ResourceScreen
      definition={concreteProductResource}
      screenPath={concreteProductsPath}
      panels={panels}
    />
  );
}
