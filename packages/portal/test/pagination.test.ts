import { describe, expect, it } from 'vitest';
import { pageWindow } from '../src/components/ListPagination';

describe('the page numbers under a list (001 §9)', () => {
  it('shows a range of five coupon pages, the current one central where the ends allow', () => {
    expect(pageWindow(1, 20, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(7, 20, 5)).toEqual([5, 6, 7, 8, 9]);
    expect(pageWindow(20, 20, 5)).toEqual([16, 17, 18, 19, 20]);
    expect(pageWindow(2, 3, 5)).toEqual([1, 2, 3]);
  });

  it('shows four VPN pages', () => {
    expect(pageWindow(1, 9, 4)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(5, 9, 4)).toEqual([4, 5, 6, 7]);
    expect(pageWindow(9, 9, 4)).toEqual([6, 7, 8, 9]);
    expect(pageWindow(1, 1, 4)).toEqual([1]);
  });
});
