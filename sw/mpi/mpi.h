// SPDX-License-Identifier: Apache-2.0
/* mpi.h: the MPI subset of the NIC's message layer (docs/guide/mpi.md). Names, types and
 * signatures follow the MPI standard, so a C program that uses only this subset compiles
 * unchanged against this header (sw/mpi/nmpicc) and against any MPI implementation.
 * Each rank runs on its own simulated node (sw/mpi/nmpirun); MPI_Wtime is simulated time. */
#ifndef NMPI_MPI_H
#define NMPI_MPI_H
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define MPI_VERSION 1
#define MPI_SUBVERSION 2

/* error classes (MPI-1 numbering) */
#define MPI_SUCCESS 0
#define MPI_ERR_BUFFER 1
#define MPI_ERR_COUNT 2
#define MPI_ERR_TYPE 3
#define MPI_ERR_TAG 4
#define MPI_ERR_COMM 5
#define MPI_ERR_RANK 6
#define MPI_ERR_REQUEST 7
#define MPI_ERR_ROOT 8
#define MPI_ERR_OP 10
#define MPI_ERR_ARG 13
#define MPI_ERR_UNKNOWN 14
#define MPI_ERR_TRUNCATE 15
#define MPI_ERR_OTHER 16
#define MPI_ERR_INTERN 17
#define MPI_ERR_IN_STATUS 18
#define MPI_ERR_PENDING 19
#define MPI_ERR_LASTCODE 64

#define MPI_ANY_SOURCE (-1)
#define MPI_ANY_TAG (-1)
#define MPI_PROC_NULL (-2)
#define MPI_UNDEFINED (-32766)
#define MPI_TAG_UB_VALUE 0x3FFFFFFF
#define MPI_MAX_ERROR_STRING 64
#define MPI_MAX_PROCESSOR_NAME 64

typedef int MPI_Comm;
#define MPI_COMM_NULL 0
#define MPI_COMM_WORLD 1
#define MPI_COMM_SELF 2

typedef int MPI_Datatype;
#define MPI_DATATYPE_NULL 0
#define MPI_CHAR 1
#define MPI_BYTE 2
#define MPI_INT 3
#define MPI_UNSIGNED 4
#define MPI_LONG_LONG 5
#define MPI_FLOAT 6
#define MPI_DOUBLE 7
#define MPI_LONG 8
#define MPI_UNSIGNED_LONG 9
#define MPI_SHORT 10
#define MPI_UNSIGNED_CHAR 11
#define MPI_UNSIGNED_LONG_LONG 12
#define MPI_LONG_LONG_INT MPI_LONG_LONG

typedef int MPI_Op;
#define MPI_OP_NULL 0
#define MPI_SUM 1
#define MPI_MAX 2
#define MPI_MIN 3
#define MPI_PROD 4

typedef int MPI_Errhandler;
#define MPI_ERRHANDLER_NULL 0
#define MPI_ERRORS_ARE_FATAL 1
#define MPI_ERRORS_RETURN 2

typedef struct nmpi_req *MPI_Request;
#define MPI_REQUEST_NULL ((MPI_Request)0)

typedef struct {
  int MPI_SOURCE;
  int MPI_TAG;
  int MPI_ERROR;
  size_t nmpi_bytes; /* bytes received (MPI_Get_count) */
} MPI_Status;
#define MPI_STATUS_IGNORE ((MPI_Status *)0)
#define MPI_STATUSES_IGNORE ((MPI_Status *)0)

#define MPI_IN_PLACE ((void *)1)
#define MPI_BOTTOM ((void *)0)

int MPI_Init(int *argc, char ***argv);
int MPI_Finalize(void);
int MPI_Initialized(int *flag);
int MPI_Finalized(int *flag);
int MPI_Abort(MPI_Comm comm, int errorcode);
int MPI_Comm_rank(MPI_Comm comm, int *rank);
int MPI_Comm_size(MPI_Comm comm, int *size);
int MPI_Comm_set_errhandler(MPI_Comm comm, MPI_Errhandler errhandler);
int MPI_Error_string(int errorcode, char *string, int *resultlen);
int MPI_Get_processor_name(char *name, int *resultlen);

int MPI_Send(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm);
int MPI_Recv(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm, MPI_Status *status);
int MPI_Isend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
              MPI_Request *request);
int MPI_Irecv(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
              MPI_Request *request);
int MPI_Wait(MPI_Request *request, MPI_Status *status);
int MPI_Waitall(int count, MPI_Request array_of_requests[], MPI_Status array_of_statuses[]);
int MPI_Test(MPI_Request *request, int *flag, MPI_Status *status);
int MPI_Get_count(const MPI_Status *status, MPI_Datatype datatype, int *count);
int MPI_Type_size(MPI_Datatype datatype, int *size);

int MPI_Barrier(MPI_Comm comm);
int MPI_Bcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm);
int MPI_Reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root,
               MPI_Comm comm);
int MPI_Allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);

double MPI_Wtime(void);
double MPI_Wtick(void);

#ifdef __cplusplus
}
#endif
#endif
