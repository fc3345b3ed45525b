package org.sbench.trace.sort;

import java.util.Arrays;

/**
 * A binary min-heap of entries, ints naming records its owner holds, in the owner's order: the
 * records a merge or a sort has yet to deliver, the IOs a striped engine has yet to report done.
 * Not thread-safe.
 */
public final class EntryHeap {
    /** The owner's order of two entries: true when {@code a} comes out before {@code b}. */
    public interface Order {
        boolean less(int a, int b);
    }

    private final Order order;
    private int[] heap;
    private int size;

    public EntryHeap(int capacity, Order order) {
        this.heap = new int[capacity];
        this.order = order;
    }

    public int size() {
        return size;
    }

    /** The least entry; only while {@link #size()} is above 0. */
    public int top() {
        return heap[0];
    }

    /** Room for {@code capacity} entries, those held kept. */
    public void grow(int capacity) {
        heap = Arrays.copyOf(heap, capacity);
    }

    public void push(int entry) {
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (!order.less(entry, heap[parent])) {
                break;
            }
            heap[i] = heap[parent];
            i = parent;
        }
        heap[i] = entry;
    }

    /** Removes and returns the least entry; only while {@link #size()} is above 0. */
    public int pop() {
        int min = heap[0];
        int last = heap[--size];
        int i = 0;
        while (true) {
            int child = 2 * i + 1;
            if (child >= size) {
                break;
            }
            if (child + 1 < size && order.less(heap[child + 1], heap[child])) {
                child++;
            }
            if (!order.less(heap[child], last)) {
                break;
            }
            heap[i] = heap[child];
            i = child;
        }
        if (size > 0) {
            heap[i] = last;
        }
        return min;
    }
}
