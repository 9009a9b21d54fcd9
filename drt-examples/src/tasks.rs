//! A max-priority queue of task priorities kept as a binary heap in a
//! `Vec`, explored against a model of a dozen lines written beside it:
//! `drt::explore::<TaskQueue>().against::<QueueModel>()`.
//!
//! Bug (a wrong answer, no panic): after a `pop`, the element moved to the
//! root sinks toward its *left* child whenever that child is larger,
//! without looking at the right one. The heap is then out of order only
//! where the right child was the largest of the three, which takes five
//! or so pushes of the right sizes and a pop; the next `pop` or `peek`
//! answers with the second-largest priority.

/// A max-priority queue of `u32` priorities.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TaskQueue {
    heap: Vec<u32>,
}

#[drt::operations]
impl TaskQueue {
    /// An empty queue.
    pub fn new() -> Self {
        TaskQueue::default()
    }

    /// Adds a task of this priority.
    pub fn push(&mut self, priority: u32) {
        self.heap.push(priority);
        let mut i = self.heap.len() - 1;
        while i > 0 && self.heap[(i - 1) / 2] < self.heap[i] {
            self.heap.swap(i, (i - 1) / 2);
            i = (i - 1) / 2;
        }
    }

    /// Removes and returns the highest priority.
    pub fn pop(&mut self) -> Option<u32> {
        if self.heap.is_empty() {
            return None;
        }
        let top = self.heap.swap_remove(0);
        let mut i = 0;
        loop {
            let (left, right) = (2 * i + 1, 2 * i + 2);
            // BUG: the larger of the two children must rise, not the left
            // one whenever it beats the parent.
            let child = if left < self.heap.len() && self.heap[left] > self.heap[i] {
                left
            } else if right < self.heap.len() && self.heap[right] > self.heap[i] {
                right
            } else {
                break;
            };
            self.heap.swap(i, child);
            i = child;
        }
        Some(top)
    }

    /// The highest priority, left in the queue.
    pub fn peek(&self) -> Option<&u32> {
        self.heap.first()
    }

    /// How many tasks wait.
    pub fn len(&self) -> usize {
        self.heap.len()
    }

    /// Whether none does.
    pub fn is_empty(&self) -> bool {
        self.heap.is_empty()
    }
}

/// The queue's reference: a plain list, the highest priority found by a scan.
#[derive(Clone, Debug, Default)]
pub struct QueueModel(Vec<u32>);

#[drt::operations]
impl QueueModel {
    pub fn new() -> Self {
        QueueModel::default()
    }
    pub fn push(&mut self, priority: u32) {
        self.0.push(priority)
    }
    pub fn pop(&mut self) -> Option<u32> {
        let top = (0..self.0.len()).max_by_key(|&i| self.0[i])?;
        Some(self.0.swap_remove(top))
    }
    pub fn peek(&self) -> Option<&u32> {
        self.0.iter().max()
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}
