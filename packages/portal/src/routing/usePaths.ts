import { useBasename } from 'ra-core';
import { paths } from './paths';

/** The signed-in reseller's addresses, under react-admin's basename (its prefix). */
export const usePaths = () => paths(useBasename());
