//! `HashMap` and `HashSet` as references (with nothing that iterates: hash
//! order is not the type under test's).

use super::*;

impl<K: Hash + Eq + Clone + Debug + 'static, V: Clone + Debug + PartialEq + 'static> Reference for HashMap<K, V> {
    fn register(r: &mut Registrar) {
        r.owner(type_desc!(HashMap<K, V>));
        elements::<K>(r);
        elements::<V>(r);
        elements::<(K, V)>(r);
        map_methods!(HashMap<K, V>, K, V).into_iter().for_each(|op| r.operation(op));
    }
}

impl<K: Hash + Eq + Clone + Debug + 'static> Reference for HashSet<K> {
    fn register(r: &mut Registrar) {
        r.owner(type_desc!(HashSet<K>));
        elements::<K>(r);
        set_methods!(HashSet<K>, K).into_iter().for_each(|op| r.operation(op));
    }
}
