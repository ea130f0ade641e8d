export const PRODUCT_NAME = 'Fieldhouse'
