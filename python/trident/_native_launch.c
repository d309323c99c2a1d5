/* The native launcher: a kernel launch in one C call.
 *
 * trident/_native.py builds this file on first use with the machine's C
 * compiler against the running interpreter's headers (as Triton builds its
 * own launchers), so the package itself stays pure Python. It holds two
 * callables:
 *
 *   Launch(...)        replaces a Kernel's generated Python launch function:
 *                      launch(grid, args, stream=None);
 *   TritonLaunch(...)  the launcher Triton's JIT calls on every launch of a
 *                      kernel compiled by Trident (trident/triton/_driver.py).
 *
 * Only the common cases are handled here: torch tensors of the target's
 * device type and element size, writable contiguous numpy arrays on the cpu
 * target, Python ints, floats and bools in range. Anything else, and every
 * error, goes to the Python launch function it was built with, which
 * converts the rest and raises the package's errors. The arguments are
 * converted into an array on the C stack, so a launch takes no lock and
 * allocates nothing; the GIL is released while the runtime launches.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <float.h>
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* The layout of TridentArg and the values of TridentArgKind
 * (trident-c/Runtime.h, the runtime ABI). _native.py checks the size
 * against the package's ctypes mirror when it loads this module. */
typedef struct {
  uint32_t kind;
  uint32_t reserved;
  union {
    int64_t i;
    double f64;
    float f32;
    uint16_t bits16;
  } value;
} Arg;

enum {
  ARG_POINTER = 1,
  ARG_I1,
  ARG_I8,
  ARG_I16,
  ARG_I32,
  ARG_I64,
  ARG_F16,
  ARG_BF16,
  ARG_F32,
  ARG_F64,
  ARG_ADDRESS
};

typedef void *(*LaunchOnStream)(void *kernel, const uint32_t grid[3],
                                const Arg *args, uint32_t count,
                                void *stream);

/* Kernels with more parameters keep the Python launch function. */
#define MAX_ARGS 64
/* CUDA's CU_STREAM_LEGACY: torch's default stream (handle 0) by name; to the
 * runtime a NULL stream is its own. */
#define CU_STREAM_LEGACY ((void *)1)

static PyObject *str_data_ptr, *str_itemsize, *str_launch;

typedef struct {
  PyObject_HEAD
  vectorcallfunc vectorcall;
  LaunchOnStream fn;
  void *kernel;
  uint32_t count;
  uint8_t kinds[MAX_ARGS];
  /* A pointer parameter's pointee size in bytes; 0 when unknown. */
  uint8_t element_sizes[MAX_ARGS];
  PyObject *tensor_type;  /* torch.Tensor, or NULL */
  PyObject *device_flag;  /* "is_cuda", "is_cpu", ...: the tensor's device */
  PyObject *ndarray_type; /* numpy.ndarray on a host target, or NULL */
  int gpu_streams;        /* streams are CUstreams (else ignored) */
  PyObject *stream_fn;    /* the default stream when none is given, or NULL */
  PyObject *fallback;     /* the Python launch(grid, args, stream=None) */
  PyObject *check;        /* check(status, context) raises the status */
} Launch;

static int int_in_range(PyObject *value, long long low, long long high,
                        long long *out) {
  if (!PyLong_CheckExact(value))
    return 0;
  int overflow = 0;
  long long v = PyLong_AsLongLongAndOverflow(value, &overflow);
  if (overflow || (v == -1 && PyErr_Occurred())) {
    PyErr_Clear();
    return 0;
  }
  if (v < low || v > high)
    return 0;
  *out = v;
  return 1;
}

static int unsigned_of(PyObject *value, unsigned long long high,
                       unsigned long long *out) {
  long long v;
  if (!int_in_range(value, 0, LLONG_MAX, &v) || (unsigned long long)v > high)
    return 0;
  *out = (unsigned long long)v;
  return 1;
}

/* A buffer's address, when it is one of the fast cases. */
static int pointer_of(Launch *self, PyObject *value, unsigned element_size,
                      int64_t *out) {
  if (self->tensor_type && Py_IS_TYPE(value, (PyTypeObject *)self->tensor_type)) {
    PyObject *flag = PyObject_GetAttr(value, self->device_flag);
    if (!flag) {
      PyErr_Clear();
      return 0;
    }
    int on_device = flag == Py_True;
    Py_DECREF(flag);
    if (!on_device)
      return 0;
    if (element_size) {
      PyObject *size = PyObject_GetAttr(value, str_itemsize);
      if (!size) {
        PyErr_Clear();
        return 0;
      }
      long long bytes;
      int same = int_in_range(size, element_size, element_size, &bytes);
      Py_DECREF(size);
      if (!same)
        return 0;
    }
    PyObject *address = PyObject_VectorcallMethod(
        str_data_ptr, &value, 1 | PY_VECTORCALL_ARGUMENTS_OFFSET, NULL);
    if (!address) {
      PyErr_Clear();
      return 0;
    }
    unsigned long long bits;
    int ok = unsigned_of(address, ULLONG_MAX, &bits);
    Py_DECREF(address);
    if (!ok)
      return 0;
    *out = (int64_t)bits;
    return 1;
  }
  if (self->ndarray_type &&
      Py_IS_TYPE(value, (PyTypeObject *)self->ndarray_type)) {
    /* A writable C-contiguous array, as ctypes' from_buffer takes it. */
    Py_buffer view;
    if (PyObject_GetBuffer(value, &view, PyBUF_WRITABLE) != 0) {
      PyErr_Clear();
      return 0;
    }
    int ok = !element_size || view.itemsize == (Py_ssize_t)element_size;
    *out = (int64_t)(intptr_t)view.buf;
    PyBuffer_Release(&view);
    return ok;
  }
  return 0;
}

static int float_of(PyObject *value, double *out) {
  if (!PyFloat_CheckExact(value))
    return 0;
  *out = PyFloat_AS_DOUBLE(value);
  return 1;
}

/* One argument into `arg`; 0 when the Python converter must take it. */
static int convert(Launch *self, uint32_t index, PyObject *value, Arg *arg) {
  memset(arg, 0, sizeof(*arg));
  long long v;
  double d;
  switch (self->kinds[index]) {
  case ARG_POINTER:
    arg->kind = ARG_ADDRESS;
    return pointer_of(self, value, self->element_sizes[index], &arg->value.i);
  case ARG_I1:
    arg->kind = ARG_I1;
    if (value == Py_True || value == Py_False) {
      arg->value.i = value == Py_True;
      return 1;
    }
    if (!int_in_range(value, 0, 1, &v))
      return 0;
    arg->value.i = v;
    return 1;
  case ARG_I8:
  case ARG_I16:
  case ARG_I32:
  case ARG_I64: {
    /* Non-negative values up to the signed maximum, and negative ones: the
     * unsigned spelling of a pattern goes through the converter. */
    unsigned bits = self->kinds[index] == ARG_I8    ? 8
                    : self->kinds[index] == ARG_I16 ? 16
                    : self->kinds[index] == ARG_I32 ? 32
                                                    : 64;
    long long high = bits == 64 ? LLONG_MAX : (1LL << (bits - 1)) - 1;
    arg->kind = self->kinds[index];
    if (!int_in_range(value, -high - 1, high, &v))
      return 0;
    arg->value.i = v;
    return 1;
  }
  case ARG_F32: {
    arg->kind = ARG_F32;
    if (!float_of(value, &d))
      return 0;
    float f = (float)d;
    if (isinf(f) && !isinf(d))
      return 0; /* out of range: the converter says so */
    arg->value.f32 = f;
    return 1;
  }
  case ARG_F64:
    arg->kind = ARG_F64;
    if (!float_of(value, &d))
      return 0;
    arg->value.f64 = d;
    return 1;
  case ARG_F16: {
    arg->kind = ARG_F16;
    if (!float_of(value, &d))
      return 0;
    unsigned char bytes[2];
    if (PyFloat_Pack2(d, (char *)bytes, 1) != 0) {
      PyErr_Clear();
      return 0;
    }
    arg->value.bits16 = (uint16_t)(bytes[0] | (bytes[1] << 8));
    return 1;
  }
  case ARG_BF16: {
    arg->kind = ARG_BF16;
    if (!float_of(value, &d))
      return 0;
    float f = (float)d;
    if (isinf(f) && !isinf(d))
      return 0;
    if (isnan(f)) {
      arg->value.bits16 = 0x7FC0;
      return 1;
    }
    uint32_t u;
    memcpy(&u, &f, sizeof(u));
    /* Round to nearest even, as the converter does. */
    uint32_t rounded = ((u + 0x7FFFu + ((u >> 16) & 1u)) >> 16) & 0xFFFFu;
    if ((rounded & 0x7FFFu) == 0x7F80u && !isinf(d))
      return 0;
    arg->value.bits16 = (uint16_t)rounded;
    return 1;
  }
  default:
    return 0;
  }
}

/* The stream handle: on nvidia, a missing stream is the default one
 * (stream_fn: torch's current stream) and handle 0 names CUDA's legacy
 * default stream; elsewhere the value goes to the runtime as it is. */
static int stream_of(Launch *self, PyObject *stream, void **out) {
  *out = NULL;
  PyObject *owned = NULL;
  if (stream == Py_None && self->stream_fn) {
    owned = PyObject_CallNoArgs(self->stream_fn);
    if (!owned) {
      PyErr_Clear();
      return 0;
    }
    stream = owned;
  }
  int ok = 1;
  if (stream != Py_None) {
    unsigned long long handle;
    ok = unsigned_of(stream, UINTPTR_MAX, &handle);
    *out = (void *)(uintptr_t)handle;
    if (!handle && self->gpu_streams)
      *out = CU_STREAM_LEGACY;
  }
  Py_XDECREF(owned);
  return ok;
}

/* Converts every argument and the stream; 0 when one needs the Python
 * path. */
static int prepare(Launch *self, PyObject *const *args, Py_ssize_t count,
                   PyObject *stream, Arg converted[MAX_ARGS], void **handle) {
  if (count != (Py_ssize_t)self->count)
    return 0;
  for (uint32_t i = 0; i < self->count; ++i)
    if (!convert(self, i, args[i], &converted[i]))
      return 0;
  return stream_of(self, stream, handle);
}

/* Launches; on a failed status, check() raises it and this returns 0. */
static int run(Launch *self, const uint32_t grid[3], const Arg *converted,
               void *handle) {
  void *status;
  Py_BEGIN_ALLOW_THREADS;
  status = self->fn(self->kernel, grid, converted, self->count, handle);
  Py_END_ALLOW_THREADS;
  if (!status)
    return 1;
  PyObject *result = PyObject_CallFunction(
      self->check, "Ks", (unsigned long long)(uintptr_t)status, "");
  Py_XDECREF(result);
  return result != NULL;
}

static int grid_of(PyObject *grid, uint32_t out[3]) {
  unsigned long long dim;
  out[0] = out[1] = out[2] = 1;
  if (PyLong_CheckExact(grid)) {
    if (!unsigned_of(grid, UINT32_MAX, &dim))
      return 0;
    out[0] = (uint32_t)dim;
    return 1;
  }
  if (!PyTuple_CheckExact(grid))
    return 0;
  Py_ssize_t rank = PyTuple_GET_SIZE(grid);
  if (rank < 1 || rank > 3)
    return 0;
  for (Py_ssize_t i = 0; i < rank; ++i) {
    if (!unsigned_of(PyTuple_GET_ITEM(grid, i), UINT32_MAX, &dim))
      return 0;
    out[i] = (uint32_t)dim;
  }
  return 1;
}

/* launch(grid, args, stream=None) */
static PyObject *launch_call(PyObject *callable, PyObject *const *args,
                             size_t nargsf, PyObject *kwnames) {
  Launch *self = (Launch *)callable;
  Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
  uint32_t grid[3];
  if (!kwnames && (nargs == 2 || nargs == 3) && grid_of(args[0], grid)) {
    /* A list is copied: a data_ptr() called while converting must not be
     * able to change what is being read. */
    PyObject *sequence = PyTuple_CheckExact(args[1])  ? Py_NewRef(args[1])
                         : PyList_CheckExact(args[1]) ? PyList_AsTuple(args[1])
                                                      : NULL;
    if (sequence) {
      Arg converted[MAX_ARGS];
      void *handle;
      int fast = prepare(self, ((PyTupleObject *)sequence)->ob_item,
                         PyTuple_GET_SIZE(sequence),
                         nargs == 3 ? args[2] : Py_None, converted, &handle);
      Py_DECREF(sequence);
      if (fast) {
        if (!run(self, grid, converted, handle))
          return NULL;
        Py_RETURN_NONE;
      }
    } else if (PyErr_Occurred()) {
      return NULL;
    }
  }
  return PyObject_Vectorcall(self->fallback, args, nargsf, kwnames);
}

static int launch_init(Launch *self, PyObject *args, PyObject *kwargs) {
  unsigned long long fn, kernel;
  Py_buffer kinds, sizes;
  PyObject *tensor_type, *device_flag, *ndarray_type, *stream_fn, *fallback,
      *check;
  int gpu_streams;
  static char *names[] = {"fn",          "kernel",       "kinds",
                          "element_sizes", "tensor_type", "device_flag",
                          "ndarray_type", "gpu_streams",  "stream_fn",
                          "fallback",    "check",        NULL};
  if (!PyArg_ParseTupleAndKeywords(
          args, kwargs, "KKy*y*OOOpOOO:Launch", names, &fn, &kernel, &kinds,
          &sizes, &tensor_type, &device_flag, &ndarray_type, &gpu_streams,
          &stream_fn, &fallback, &check))
    return -1;
  int ok = kinds.len == sizes.len && kinds.len <= MAX_ARGS;
  if (ok) {
    self->count = (uint32_t)kinds.len;
    memcpy(self->kinds, kinds.buf, (size_t)kinds.len);
    memcpy(self->element_sizes, sizes.buf, (size_t)sizes.len);
  }
  PyBuffer_Release(&kinds);
  PyBuffer_Release(&sizes);
  if (!ok) {
    PyErr_Format(PyExc_ValueError,
                 "kinds and element_sizes must have one byte per parameter, "
                 "at most %d",
                 MAX_ARGS);
    return -1;
  }
  if ((tensor_type != Py_None && !PyType_Check(tensor_type)) ||
      (ndarray_type != Py_None && !PyType_Check(ndarray_type)) ||
      (tensor_type != Py_None && !PyUnicode_Check(device_flag)) ||
      !PyCallable_Check(fallback) || !PyCallable_Check(check) ||
      (stream_fn != Py_None && !PyCallable_Check(stream_fn)) || !fn) {
    PyErr_SetString(PyExc_TypeError, "Launch: bad arguments");
    return -1;
  }
  self->fn = (LaunchOnStream)(uintptr_t)fn;
  self->kernel = (void *)(uintptr_t)kernel;
  self->gpu_streams = gpu_streams;
#define SET(field, value)                                                      \
  Py_XSETREF(self->field, (value) == Py_None ? NULL : Py_NewRef(value))
  SET(tensor_type, tensor_type);
  SET(device_flag, device_flag);
  SET(ndarray_type, ndarray_type);
  SET(stream_fn, stream_fn);
  SET(fallback, fallback);
  SET(check, check);
#undef SET
  self->vectorcall = launch_call;
  return 0;
}

static int launch_traverse(Launch *self, visitproc visit, void *arg) {
  Py_VISIT(self->tensor_type);
  Py_VISIT(self->device_flag);
  Py_VISIT(self->ndarray_type);
  Py_VISIT(self->stream_fn);
  Py_VISIT(self->fallback);
  Py_VISIT(self->check);
  return 0;
}

static int launch_clear(Launch *self) {
  Py_CLEAR(self->tensor_type);
  Py_CLEAR(self->device_flag);
  Py_CLEAR(self->ndarray_type);
  Py_CLEAR(self->stream_fn);
  Py_CLEAR(self->fallback);
  Py_CLEAR(self->check);
  return 0;
}

static void launch_dealloc(Launch *self) {
  PyObject_GC_UnTrack(self);
  launch_clear(self);
  Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *launch_fallback(Launch *self, void *closure) {
  (void)closure;
  return Py_NewRef(self->fallback ? self->fallback : Py_None);
}

static PyGetSetDef launch_getset[] = {
    {"fallback", (getter)launch_fallback, NULL,
     "the Python launch function this one defers to", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyTypeObject LaunchType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "trident._native_launch.Launch",
    .tp_basicsize = sizeof(Launch),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC |
                Py_TPFLAGS_HAVE_VECTORCALL,
    .tp_doc = "launch(grid, args, stream=None): a kernel's launch in C",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)launch_init,
    .tp_dealloc = (destructor)launch_dealloc,
    .tp_traverse = (traverseproc)launch_traverse,
    .tp_clear = (inquiry)launch_clear,
    .tp_call = PyVectorcall_Call,
    .tp_vectorcall_offset = offsetof(Launch, vectorcall),
    .tp_getset = launch_getset,
};

/* TritonLaunch: Triton's JIT calls
 *   launcher(gridX, gridY, gridZ, stream, function, packed_metadata,
 *            launch_metadata, launch_enter_hook, launch_exit_hook, *args)
 * with every argument of the Python function, constexprs included; `function`
 * is the trident.Kernel that load_binary made, whose `_launch` is a Launch
 * once the kernel has been loaded. */
typedef struct {
  PyObject_HEAD
  vectorcallfunc vectorcall;
  Py_ssize_t num_params; /* arguments of the Python function */
  Py_ssize_t count;      /* parameters of the compiled kernel */
  Py_ssize_t indices[MAX_ARGS];
  PyObject *python; /* the Python launcher: every other case */
} TritonLaunch;

enum { TRITON_LEADING = 9 };

static int call_hook(PyObject *hook, PyObject *metadata) {
  if (hook == Py_None)
    return 1;
  PyObject *result = PyObject_CallOneArg(hook, metadata);
  Py_XDECREF(result);
  return result != NULL;
}

static PyObject *triton_call(PyObject *callable, PyObject *const *args,
                             size_t nargsf, PyObject *kwnames) {
  TritonLaunch *self = (TritonLaunch *)callable;
  Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
  if (kwnames || nargs < TRITON_LEADING)
    return PyObject_Vectorcall(self->python, args, nargsf, kwnames);
  PyObject *const *given = args + TRITON_LEADING;
  Py_ssize_t given_count = nargs - TRITON_LEADING;
  PyObject *picked[MAX_ARGS];
  PyObject *const *kernel_args;
  if (given_count == self->num_params) {
    for (Py_ssize_t i = 0; i < self->count; ++i)
      picked[i] = given[self->indices[i]];
    kernel_args = picked;
  } else if (given_count == self->count) {
    kernel_args = given; /* a caller that already left out constexprs */
  } else {
    return PyObject_Vectorcall(self->python, args, nargsf, kwnames);
  }
  uint32_t grid[3];
  unsigned long long dim;
  for (int axis = 0; axis < 3; ++axis) {
    if (!unsigned_of(args[axis], UINT32_MAX, &dim))
      return PyObject_Vectorcall(self->python, args, nargsf, kwnames);
    grid[axis] = (uint32_t)dim;
  }
  /* Held through the launch: a data_ptr() or a hook may drop the kernel's
   * `_launch` while it runs. */
  PyObject *launch = PyObject_GetAttr(args[4], str_launch);
  if (!launch)
    return NULL;
  Arg converted[MAX_ARGS];
  void *handle;
  /* Anything the native launch declines (a launcher not built yet, an
   * argument it does not convert) is the Python launcher's, whole. */
  if (!Py_IS_TYPE(launch, &LaunchType) ||
      !prepare((Launch *)launch, kernel_args, self->count, args[3], converted,
               &handle)) {
    Py_DECREF(launch);
    return PyObject_Vectorcall(self->python, args, nargsf, kwnames);
  }
  int ok = call_hook(args[7], args[6]) &&
           ((uint64_t)grid[0] * grid[1] * grid[2] == 0 ||
            run((Launch *)launch, grid, converted, handle)) &&
           call_hook(args[8], args[6]);
  Py_DECREF(launch);
  if (!ok)
    return NULL;
  Py_RETURN_NONE;
}

static int triton_init(TritonLaunch *self, PyObject *args, PyObject *kwargs) {
  PyObject *indices, *python;
  Py_ssize_t num_params;
  static char *names[] = {"indices", "num_params", "python", NULL};
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O!nO:TritonLaunch", names,
                                   &PyTuple_Type, &indices, &num_params,
                                   &python))
    return -1;
  Py_ssize_t count = PyTuple_GET_SIZE(indices);
  if (count > MAX_ARGS || !PyCallable_Check(python)) {
    PyErr_SetString(PyExc_ValueError, "TritonLaunch: bad arguments");
    return -1;
  }
  for (Py_ssize_t i = 0; i < count; ++i) {
    Py_ssize_t index = PyLong_AsSsize_t(PyTuple_GET_ITEM(indices, i));
    if (index == -1 && PyErr_Occurred())
      return -1;
    if (index < 0 || index >= num_params) {
      PyErr_SetString(PyExc_ValueError, "TritonLaunch: index out of range");
      return -1;
    }
    self->indices[i] = index;
  }
  self->count = count;
  self->num_params = num_params;
  Py_XSETREF(self->python, Py_NewRef(python));
  self->vectorcall = triton_call;
  return 0;
}

static int triton_traverse(TritonLaunch *self, visitproc visit, void *arg) {
  Py_VISIT(self->python);
  return 0;
}

static int triton_clear(TritonLaunch *self) {
  Py_CLEAR(self->python);
  return 0;
}

static void triton_dealloc(TritonLaunch *self) {
  PyObject_GC_UnTrack(self);
  triton_clear(self);
  Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *triton_python(TritonLaunch *self, void *closure) {
  (void)closure;
  return Py_NewRef(self->python ? self->python : Py_None);
}

static PyGetSetDef triton_getset[] = {
    {"python", (getter)triton_python, NULL,
     "the Python launcher this one defers to", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyTypeObject TritonLaunchType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name =
        "trident._native_launch.TritonLaunch",
    .tp_basicsize = sizeof(TritonLaunch),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC |
                Py_TPFLAGS_HAVE_VECTORCALL,
    .tp_doc = "the launcher Triton's JIT calls, in C",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)triton_init,
    .tp_dealloc = (destructor)triton_dealloc,
    .tp_traverse = (traverseproc)triton_traverse,
    .tp_clear = (inquiry)triton_clear,
    .tp_call = PyVectorcall_Call,
    .tp_vectorcall_offset = offsetof(TritonLaunch, vectorcall),
    .tp_getset = triton_getset,
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "_native_launch",
    "Kernel launches in C (see trident/_native.py).", -1, NULL,
    NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__native_launch(void) {
  str_data_ptr = PyUnicode_InternFromString("data_ptr");
  str_itemsize = PyUnicode_InternFromString("itemsize");
  str_launch = PyUnicode_InternFromString("_launch");
  if (!str_data_ptr || !str_itemsize || !str_launch ||
      PyType_Ready(&LaunchType) < 0 || PyType_Ready(&TritonLaunchType) < 0)
    return NULL;
  PyObject *module = PyModule_Create(&module_def);
  if (!module)
    return NULL;
  if (PyModule_AddIntConstant(module, "ARG_SIZE", (long)sizeof(Arg)) < 0 ||
      PyModule_AddIntConstant(module, "MAX_ARGS", MAX_ARGS) < 0 ||
      PyModule_AddObjectRef(module, "Launch", (PyObject *)&LaunchType) < 0 ||
      PyModule_AddObjectRef(module, "TritonLaunch",
                            (PyObject *)&TritonLaunchType) < 0) {
    Py_DECREF(module);
    return NULL;
  }
  return module;
}
