/** Spanish for packages/domain/src/resources/static-products.ts (R-MAINT-23). */
export const staticProductsEs = {
  singular: 'Producto fijo',
  plural: 'Productos fijos',
  fields: {
    systemTypeId: 'Tipo de sistema',
    productId: 'Producto',
    quantity: 'Cantidad',
    addToOrders: 'Agregar a pedidos',
    addToTickets: 'Agregar a boletas',
    inactiveFlag: 'Inactivo',
  },
  hints: {
    systemTypeId: 'Sus pedidos y boletas llevan el producto',
    productId: 'Un cargo o recargo del mismo tipo de sistema',
    quantity: 'Por pedido o boleta',
  },
};
