import { EditorRoutes } from '../../forms/editor-routes';
import '../../styles/reviews.css';
import { ProductEditor } from './product-editor';
import { ProductList } from './product-list';
import { useProducts } from './use-products';

/** Earn products and the reserves that back them; a product's form is locked once it opened. */
export function Page() {
  return (
    <EditorRoutes
      list={<ProductList />}
      useRecords={useProducts}
      editor={(product) => <ProductEditor product={product} />}
    />
  );
}
